/** The shell's two modes (spec §2 Layout): settings (header and side menu) or viewer (header only). */
export type ShellMode = 'settings' | 'viewer';
