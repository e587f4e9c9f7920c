import { LAYOUT_TYPES } from '@roomcast/contract';

interface Props {
  type: number;
  /** The channel letter in each window (fewer: the windows are drawn empty). */
  channels?: readonly string[];
  /** The accessible name (the type's name and its channels). */
  label: string;
  width?: number;
}

/**
 * A layout type drawn from the contract's geometry (`LAYOUT_TYPES`: the same rectangles the engine composes),
 * each window with its channel letter, later windows on top as on the picture.
 */
export function LayoutPicture({ type, channels = [], label, width = 64 }: Props) {
  const slots = LAYOUT_TYPES[type]?.slots ?? [];
  const W = 160;
  const H = 90;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={width} height={(width * H) / W} role="img" aria-label={label} className="rc-layout-picture">
      <rect x={0} y={0} width={W} height={H} className="rc-layout-bg" />
      {slots.map((r, i) => (
        <g key={i}>
          <rect x={r.x * W + 1} y={r.y * H + 1} width={r.w * W - 2} height={r.h * H - 2} className="rc-layout-slot" />
          <text x={(r.x + r.w / 2) * W} y={(r.y + r.h / 2) * H} dominantBaseline="central" textAnchor="middle" className="rc-layout-letter">
            {channels[i] ?? ''}
          </text>
        </g>
      ))}
    </svg>
  );
}
