/** A failed Vitest test's message as one line: its first, or what that line would hide (failure-headline.mjs). */
export function headline(text: string | undefined): string;
