import { describe, expect, it } from 'vitest';
import { subjectCodesOf } from './subjects.js';

describe('subjectCodesOf', () => {
  it('matches the GAR’s national subject labels to our catalogue, accents and case aside', () => {
    expect(
      subjectCodesOf([
        { code: '061300', name: 'MATHEMATIQUES' },
        { code: '040700', name: 'HISTOIRE-GEOGRAPHIE' },
        { code: '030201', name: 'ANGLAIS LV1' },
        { code: '062000', name: 'Sciences de la vie et de la Terre' },
        { code: '061300b', name: 'MATHÉMATIQUES' },
      ]),
    ).toEqual(['MATHEMATICS', 'HISTORY_GEOGRAPHY', 'ENGLISH', 'LIFE_EARTH_SCIENCES']);
  });

  it('leaves out what matches nothing', () => {
    expect(subjectCodesOf([{ code: 'X', name: 'VIE SCOLAIRE' }])).toEqual([]);
  });
});
