// A drawn element of a seat map (docs/seating.md#3-storefront): a stage, a block or a label, beside the seats.
import type { TSeatMapElement } from '@foyer/contracts';

export function MapElement({ element: e }: { element: TSeatMapElement }) {
  if (e.type === 'label') {
    return (
      <text className="seat-map__label" x={e.x} y={e.y} textAnchor="middle" aria-hidden="true">
        {e.text}
      </text>
    );
  }
  const w = e.width ?? 0;
  const h = e.height ?? 0;
  return (
    <g aria-hidden="true">
      <rect className={`seat-map__element seat-map__element--${e.type}`} x={e.x} y={e.y} width={w} height={h} rx={e.type === 'stage' ? 8 : 2} />
      {e.text && (
        <text className="seat-map__element-text" x={e.x + w / 2} y={e.y + h / 2} textAnchor="middle" dominantBaseline="central">
          {e.text}
        </text>
      )}
    </g>
  );
}
