/** A table's row of column headings, in the reader's script (each one a column header to assistive technology). */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((text, i) => (
          <th key={i} scope="col">
            {text}
          </th>
        ))}
      </tr>
    </thead>
  )
}
