import { hasUnsafeText, UNSAFE_CLASS } from '../../../../shared/core/safe-text';

/** docs/CONTRACT.md#requests: the characters text fields refuse, wherever they are in the text. */
describe('hasUnsafeText', () => {
  const refused: Array<[string, string]> = [
    ['NUL', '\u0000'],
    ['a line feed', '\n'],
    ['ESC (C0)', '\u001b'],
    ['DEL', '\u007f'],
    ['the first C1 control', '\u0080'],
    ['NEL (C1)', '\u0085'],
    ['CSI (C1)', '\u009b'],
    ['the last C1 control', '\u009f'],
    ['LINE SEPARATOR', '\u2028'],
    ['PARAGRAPH SEPARATOR', '\u2029'],
    ['LEFT-TO-RIGHT EMBEDDING', '\u202a'],
    ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
    ['LEFT-TO-RIGHT ISOLATE', '\u2066'],
    ['POP DIRECTIONAL ISOLATE', '\u2069'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
  ];
  it.each(refused)('refuses %s, alone, at the start, inside and at the end', (_, character) => {
    for (const text of [character, `${character}Salon`, `Sal${character}on`, `Salon${character}`]) {
      expect(hasUnsafeText(text)).toBe(true);
    }
  });

  it.each([
    ['plain text', 'Salon Léa'],
    ['the printable neighbours of the refused ranges', ' ~\u00a0\u00ff\u2027\u202f\u2065\u206a'],
    ['right-to-left letters (their direction is their own)', 'שלום עולם مرحبا'],
    ['the implicit marks LRM and RLM', 'a\u200eb\u200fc'],
    ['a pair of surrogates (an emoji)', 'Salon 💇'],
    ['CJK and combining marks', '美容院 e\u0301'],
  ])('accepts %s', (_, text) => {
    expect(hasUnsafeText(text)).toBe(false);
  });

  it('gives the same ranges as a class for a pattern', () => {
    const pattern = new RegExp(`[${UNSAFE_CLASS}]`);
    const differ: number[] = [];
    for (let c = 0; c <= 0x206f; c++) {
      const character = String.fromCharCode(c);
      if (pattern.test(character) !== hasUnsafeText(character)) differ.push(c);
    }
    expect(differ).toEqual([]);
  });
});
