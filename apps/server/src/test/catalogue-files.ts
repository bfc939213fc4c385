/** The catalogue import's tests: files as a multipart body, and the vehicles the files name. */

const BOUNDARY = '----catalogue-import';

/** A multipart body of CSV files by field name (each `{field}.csv`). */
export function csvFiles(files: Record<string, string | Buffer>) {
  const parts = Object.entries(files).map(([field, content]) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Two MT-09 generations, so a row can name a vehicle by its years. */
export const CATALOGUE_VEHICLES = [
  { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, cc: 689 },
  { make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020, cc: 847 },
  { make: 'Yamaha', model: 'MT-09', yearFrom: 2021, yearTo: 2024, cc: 890 },
  { make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2023, cc: 471 },
];
