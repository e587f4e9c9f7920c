/** One hostile value and what it tries. */
export interface Probe {
  label: string;
  value: string;
}

/**
 * Path probes aimed at `target` (an absolute path outside DATA_DIR) from any folder up to 12 levels deep:
 * `..`, absolute paths, percent-encoded and double-encoded dots and separators, backslashes, doubled
 * separators, a NUL before an allowed extension. Inputs put the value where a file name goes, as is (URL
 * inputs put it in the path without re-encoding it).
 */
export function pathProbes(target: string): Probe[] {
  const rel = target.replace(/^\/+/, '');
  const up = (step: string) => step.repeat(12);
  const sep = (s: string) => rel.split('/').join(s);
  return [
    { label: 'dot-dot', value: up('../') + rel },
    { label: 'absolute path', value: target },
    { label: 'system file', value: '/etc/passwd' },
    { label: 'dot-dot to a system file', value: `${up('../')}etc/passwd` },
    { label: 'backslashes', value: up('..\\') + sep('\\') },
    { label: '%2e%2e%2f', value: up('%2e%2e%2f') + sep('%2f') },
    { label: '%2e%2e/', value: up('%2e%2e/') + rel },
    { label: '..%2f', value: up('..%2f') + rel },
    { label: '..%5c', value: up('..%5c') + sep('%5c') },
    { label: 'double-encoded %252e%252e%252f', value: up('%252e%252e%252f') + rel },
    { label: 'overlong UTF-8 slash ..%c0%af', value: up('..%c0%af') + rel },
    { label: 'doubled separators ..//', value: up('..//') + rel },
    { label: 'nested ....// (survives removing "../" once)', value: up('....//') + rel },
    { label: 'leading double slash', value: `/${target}` },
    { label: 'dot segments ./../', value: up('./../') + rel },
    { label: 'NUL before an extension', value: `${up('../')}${rel}\u0000.mp4` },
    { label: '%00 before an extension', value: `${up('../')}${rel}%00.mp4` },
    { label: 'file: URL', value: `file://${target}` },
  ];
}

/**
 * Injection payloads: each would create `marker` (an absolute path outside DATA_DIR) if a shell, a config
 * file's next line or an option parser ever interpreted it. Option-like and `../` values are here too.
 */
export function injectionPayloads(marker: string): Probe[] {
  return [
    { label: 'semicolon', value: `;touch ${marker}` },
    { label: 'command substitution $()', value: `$(touch ${marker})` },
    { label: 'backticks', value: `\`touch ${marker}\`` },
    { label: 'pipe', value: `|touch ${marker}` },
    { label: 'and-and', value: `&&touch ${marker}` },
    { label: 'redirect', value: `>${marker}` },
    { label: 'newline', value: `\ntouch ${marker}` },
    { label: 'CR LF', value: `\r\ntouch ${marker}` },
    { label: 'single-quote break-out', value: `';touch ${marker};'` },
    { label: 'double-quote break-out', value: `";touch ${marker};"` },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${IFS} is the payload
    { label: '${IFS} instead of spaces', value: `;touch\${IFS}${marker}` },
    { label: 'ssh option -oProxyCommand', value: `-oProxyCommand=touch ${marker}` },
    { label: 'leading -f', value: '-f' },
    { label: 'leading --help', value: '--help' },
    { label: 'parent folders', value: `${'../'.repeat(12)}${marker.replace(/^\/+/, '')}` },
    { label: 'NUL', value: `x\u0000touch ${marker}` },
    { label: 'percent-encoded newline', value: `%0atouch%20${marker}` },
    // Short ones for values with a small length limit (a relative marker lands in the working directory).
    { label: 'short semicolon', value: ';touch pwned' },
    { label: 'short $()', value: '$(touch pwned)' },
    { label: 'short backticks', value: '`touch pwned`' },
    { label: 'ffmpeg filtergraph break-out', value: "';movie=/etc/passwd[p];[p]'" },
    { label: 'drawtext expansion', value: '%{localtime}' },
  ];
}
