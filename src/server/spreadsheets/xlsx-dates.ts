import { attributeValue, type XmlHandler } from './xlsx-xml.ts';

/**
 * Dates in an XLSX are numbers (days since 1899-12-30) that only their cell's number format
 * marks as dates: read bare, a birth date arrives as 45291. The styles part says which cell
 * styles (`s` on a cell, an index into `cellXfs`) format their numbers as dates.
 */

/** Excel's built-in number formats that show a date or a time. */
const builtInDateFormats = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/**
 * Whether a custom format code shows a date or a time: a day, month, year, hour or second
 * placeholder outside quoted text, escaped characters and bracketed colours or conditions.
 */
export function isDateFormatCode(code: string): boolean {
  const placeholders = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '').replace(/general/gi, '');
  return /[dmyhs]/i.test(placeholders);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Reads the styles part: collects the indexes of the cell styles whose numbers are dates. */
export class DateStyles implements XmlHandler {
  wantsText = false;
  readonly indexes = new Set<number>();
  private readonly customDateFormats = new Set<number>();
  private inCellXfs = false;
  private styleIndex = 0;

  open(name: string, attributes: string) {
    switch (localName(name)) {
      case 'numFmt':
        if (isDateFormatCode(attributeValue(attributes, 'formatCode') ?? '')) {
          this.customDateFormats.add(Number(attributeValue(attributes, 'numFmtId')));
        }
        break;
      case 'cellXfs':
        this.inCellXfs = true;
        break;
      case 'xf': {
        if (!this.inCellXfs) break;
        const format = Number(attributeValue(attributes, 'numFmtId') ?? 0);
        if (builtInDateFormats.has(format) || this.customDateFormats.has(format)) {
          this.indexes.add(this.styleIndex);
        }
        this.styleIndex++;
        break;
      }
    }
  }

  close(name: string) {
    if (localName(name) === 'cellXfs') this.inCellXfs = false;
  }

  text() {}
}

const excelEpochMs = Date.UTC(1899, 11, 30);
const minutesPerDay = 24 * 60;
/** 9999-12-31, Excel's last day. */
const lastSerialDay = 2_958_465;

/**
 * A serial date as Brazil writes it: dd/mm/aaaa, with HH:mm when it holds a time of day, or
 * the time alone below 1. A number outside Excel's dates is left as the number.
 */
export function serialDateText(serial: number): string {
  if (!(serial >= 0 && serial <= lastSerialDay)) return String(serial);
  const instant = new Date(excelEpochMs + Math.round(serial * minutesPerDay) * 60_000);
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${two(instant.getUTCDate())}/${two(instant.getUTCMonth() + 1)}/${instant.getUTCFullYear()}`;
  const time = `${two(instant.getUTCHours())}:${two(instant.getUTCMinutes())}`;
  if (serial < 1) return time;
  return time === '00:00' ? date : `${date} ${time}`;
}
