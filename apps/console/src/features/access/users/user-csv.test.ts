import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, importTemplateCsv, isCsvFileName, splitImportMessage, usersToCsv } from './user-csv';

describe('csv helpers', () => {
  it('quotes only what needs quoting', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('王小明')).toBe('王小明');
  });

  it('neutralizes spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('builds rows with CRLF line ends', () => {
    expect(buildCsv(['a', 'b'], [['1', '2']])).toBe('a,b\r\n1,2\r\n');
  });

  it('exports users without passwords', () => {
    const csv = usersToCsv([
      { usercode: 'admin', username: 'Administrator', role: 'admin', group: '', functions: [], source: 'local' },
      { usercode: 't1', username: '老师', role: 'user', group: 'teachers', functions: ['album'], source: 'ldap' },
    ]);
    expect(csv).toBe('usercode,username,role,groupcode\r\nadmin,Administrator,admin,\r\nt1,老师,user,teachers\r\n');
    expect(csv).not.toMatch(/password/);
  });

  it('writes the import template with header and one example row', () => {
    const lines = importTemplateCsv().trim().split('\r\n');
    expect(lines[0]).toBe('usercode,username,password,role,groupcode');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.split(',')).toHaveLength(5);
  });

  it('splits an import failure into its lines', () => {
    const msg = 'Import failed; nothing was imported. Line 3: password is required. Line 5: group x does not exist.';
    expect(splitImportMessage(msg)).toEqual({
      importFailed: true,
      summary: '',
      lines: ['Line 3: password is required.', 'Line 5: group x does not exist.'],
    });
    expect(splitImportMessage('Import failed; nothing was imported. The file is empty.')).toEqual({
      importFailed: true,
      summary: 'The file is empty.',
      lines: [],
    });
    expect(splitImportMessage('The system is busy, please try again later.')).toEqual({
      importFailed: false,
      summary: 'The system is busy, please try again later.',
      lines: [],
    });
    expect(splitImportMessage('Line 2: bad.')).toEqual({ importFailed: false, summary: '', lines: ['Line 2: bad.'] });
  });

  it('accepts only .csv file names', () => {
    expect(isCsvFileName('users.CSV')).toBe(true);
    expect(isCsvFileName('users.csv.exe')).toBe(false);
    expect(isCsvFileName('users.xlsx')).toBe(false);
  });
});
