import { describe, expect, it } from 'vitest';
import { decimalSeparator, formatNumberInput, NUMBER_MESSAGES, parseNumberInput, stepNumber } from '../../src/domain/numberInput.js';
import { formatLapTime, LAP_TIME_MESSAGE, parseLapTime } from '../../src/domain/lapTime.js';

const decimal = { integer: false, min: 0, max: 100 };
const whole = { integer: true, min: 0, max: 3000 };

describe('number fields', () => {
  it('reads a comma as the decimal point: 15,65 is 15.65, never 1565', () => {
    expect(parseNumberInput('15,65', decimal)).toEqual({ ok: true, value: 15.65 });
    expect(parseNumberInput('15.65', decimal)).toEqual({ ok: true, value: 15.65 });
    expect(parseNumberInput(' 2,1 ', decimal)).toEqual({ ok: true, value: 2.1 });
    expect(parseNumberInput(',5', decimal)).toEqual({ ok: true, value: 0.5 });
  });

  it('takes empty as 0', () => {
    expect(parseNumberInput('', whole)).toEqual({ ok: true, value: 0 });
    expect(parseNumberInput('   ', decimal)).toEqual({ ok: true, value: 0 });
  });

  it('ignores the spaces people group digits with, and refuses a second separator', () => {
    expect(parseNumberInput('2 019', whole)).toEqual({ ok: true, value: 2019 });
    expect(parseNumberInput('1.234,5', { ...decimal, max: 10_000 })).toEqual({ ok: false, error: NUMBER_MESSAGES.separators });
    expect(parseNumberInput('1,2,3', decimal)).toEqual({ ok: false, error: NUMBER_MESSAGES.separators });
  });

  it('refuses what is not a number, fractions in whole-number fields, and values out of range', () => {
    expect(parseNumberInput('abc', decimal)).toEqual({ ok: false, error: NUMBER_MESSAGES.notANumber });
    expect(parseNumberInput('1e3', whole)).toEqual({ ok: false, error: NUMBER_MESSAGES.notANumber });
    expect(parseNumberInput('19,5', whole)).toEqual({ ok: false, error: NUMBER_MESSAGES.whole });
    expect(parseNumberInput('101', decimal)).toEqual({ ok: false, error: NUMBER_MESSAGES.range(0, 100) });
    expect(parseNumberInput('-1', decimal)).toEqual({ ok: false, error: NUMBER_MESSAGES.range(0, 100) });
  });

  it('steps by 1, by 10 with Shift, within the range and without float noise', () => {
    expect(stepNumber(0, 1, false, whole)).toBe(1);
    expect(stepNumber(1995, -1, true, whole)).toBe(1985);
    expect(stepNumber(2.1, 1, false, decimal)).toBe(3.1);
    expect(stepNumber(95, 1, true, decimal)).toBe(100);
    expect(stepNumber(3, -1, true, decimal)).toBe(0);
  });

  it("shows values with the user's own decimal separator, which parses back to the same number", () => {
    expect(decimalSeparator('de-DE')).toBe(',');
    expect(decimalSeparator('en-US')).toBe('.');
    expect(formatNumberInput(2.1, 'de-DE')).toBe('2,1');
    expect(formatNumberInput(1234.5, 'en-US')).toBe('1234.5');
    expect(parseNumberInput(formatNumberInput(15.65, 'fr-FR'), decimal)).toEqual({ ok: true, value: 15.65 });
  });
});

describe('lap times', () => {
  it.each([
    ['1:42.357', 102_357],
    ['1:42,357', 102_357],
    ['1:42.3', 102_300],
    ['58.9', 58_900],
    ['102', 102_000],
    ['7:05,12', 425_120],
  ])('%s is %i ms', (text, ms) => {
    expect(parseLapTime(text)).toEqual({ ok: true, ms });
  });

  it('takes empty as no time, and refuses what is not a lap time', () => {
    expect(parseLapTime('  ')).toEqual({ ok: true, ms: null });
    for (const bad of ['1:60.000', 'abc', '1:2:3', '0', '61:00.000', '-1:00']) {
      expect(parseLapTime(bad), bad).toEqual({ ok: false, error: LAP_TIME_MESSAGE });
    }
  });

  it('writes minutes, seconds and thousandths in the reader’s locale', () => {
    expect(formatLapTime(102_357, 'en-US')).toBe('1:42.357');
    expect(formatLapTime(102_357, 'de-DE')).toBe('1:42,357');
    expect(formatLapTime(58_900, 'en-US')).toBe('58.900');
    expect(formatLapTime(425_005, 'en-US')).toBe('7:05.005');
  });
});
