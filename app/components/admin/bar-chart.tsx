/**
 * A plain SVG bar chart: no charting library to download. Each chart is a figure with a caption,
 * an accessible summary, and its numbers in a table for anyone who cannot see the bars.
 */
export function BarChart({
  title,
  data,
  unit = "",
  horizontal = false,
}: {
  title: string;
  data: { label: string; value: number }[];
  unit?: string;
  horizontal?: boolean;
}) {
  const max = Math.max(...data.map((d) => d.value), 1);
  const format = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(value < 1 ? 3 : 0)}${unit}`;
  return (
    <figure className="rounded-xl border border-slate-200 p-4">
      <figcaption className="mb-3 font-semibold text-slate-900">{title}</figcaption>
      {horizontal ? (
        <svg
          role="img"
          aria-label={`${title}: ${data.map((d) => `${d.label} ${format(d.value)}`).join(", ")}`}
          viewBox={`0 0 400 ${data.length * 26}`}
          className="w-full"
        >
          {data.map((d, i) => (
            <g key={d.label} transform={`translate(0 ${i * 26})`}>
              <rect x="150" y="4" height="18" width={(d.value / max) * 210} rx="3" className="fill-brand-600" />
              <text x="144" y="17" textAnchor="end" className="fill-slate-700 text-[11px]">
                {d.label.length > 24 ? `${d.label.slice(0, 23)}…` : d.label}
              </text>
              <text x={156 + (d.value / max) * 210} y="17" className="fill-slate-900 text-[11px]">
                {format(d.value)}
              </text>
            </g>
          ))}
        </svg>
      ) : (
        <svg
          role="img"
          aria-label={`${title}: ${data.map((d) => `${d.label} ${format(d.value)}`).join(", ")}`}
          viewBox="0 0 400 160"
          className="w-full"
        >
          {data.map((d, i) => {
            const slot = 380 / data.length;
            const height = (d.value / max) * 120;
            return (
              <g key={d.label}>
                <rect
                  x={10 + i * slot + slot * 0.15}
                  y={130 - height}
                  width={slot * 0.7}
                  height={height}
                  rx="2"
                  className="fill-brand-600"
                />
                {data.length <= 14 || i % Math.ceil(data.length / 7) === 0 ? (
                  <text x={10 + i * slot + slot / 2} y="148" textAnchor="middle" className="fill-slate-600 text-[9px]">
                    {d.label.slice(5)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <text x="10" y="10" className="fill-slate-600 text-[9px]">
            max {format(max)}
          </text>
        </svg>
      )}
      <details className="mt-2 text-sm text-slate-700">
        <summary className="cursor-pointer">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {d.label}
                </th>
                <td className="py-1 text-right">{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
