import {
  DEFAULT_FOCUS_AREAS,
  explainFocusAreas,
  FOCUS_CATEGORIES,
  focusAreas,
  type FocusAreaInput,
  type FocusCategory,
} from './focus-areas';

const CORE = 'Core Control & Rotational Strength';
const THORACIC = 'Thoracic Spine Mobility';
const LOWER = 'Lower Body Stability & Strength';
const PELVIC = 'Pelvic Mobility & Control';
const SHOULDER = 'Shoulder Mobility & Stability';
const POSTURE = 'Postural Integrity';
const ANKLE = 'Ankle Mobility & Foot Function';

/** The categories a single rule adds, ahead of the padding. */
function leading(input: FocusAreaInput, count: number): FocusCategory[] {
  return focusAreas(input).slice(0, count);
}

describe('focus categories', () => {
  it('are the seven of spec section 3, verbatim', () => {
    expect(FOCUS_CATEGORIES).toEqual([CORE, THORACIC, LOWER, PELVIC, SHOULDER, POSTURE, ANKLE]);
  });
});

describe('focusAreas: single rules', () => {
  it.each<[string, FocusAreaInput, FocusCategory[]]>([
    ['spine uprighting', { mobilityAnalysis: { spineAngle: 'Uprighting through impact' } }, [CORE]],
    ['spine early extension', { mobilityAnalysis: { spineAngle: 'early extension' } }, [CORE]],
    ['spine loss', { mobilityAnalysis: { spineAngle: '12° loss of posture' } }, [CORE]],
    ['posture early extension', { analysisResults: { posture: 'Early Extension' } }, [POSTURE]],
    ['posture uprights', { analysisResults: { posture: 'uprights at impact' } }, [POSTURE]],
    ['balance poor', { analysisResults: { balance: 'Poor' } }, [LOWER]],
    ['balance unstable', { analysisResults: { balance: 'unstable finish' } }, [ANKLE]],
    ['balance compromised', { analysisResults: { balance: 'compromised' } }, [LOWER, ANKLE]],
    ['hip limited', { mobilityAnalysis: { hipRotation: '30° (Limited)' } }, [PELVIC]],
    ['hip restricted', { mobilityAnalysis: { hipRotation: 'restricted' } }, [PELVIC]],
    ['shoulder limited', { mobilityAnalysis: { shoulderTurn: 'Limited' } }, [THORACIC, SHOULDER]],
    ['shoulder 84.9', { mobilityAnalysis: { shoulderTurn: 84.9 } }, [THORACIC]],
    ['shoulder 74.9°', { mobilityAnalysis: { shoulderTurn: '74.9°' } }, [THORACIC, SHOULDER]],
    ['shoulder 75', { mobilityAnalysis: { shoulderTurn: 75 } }, [THORACIC]],
    ['shoulder moderate (75)', { mobilityAnalysis: { shoulderTurn: 'moderate' } }, [THORACIC]],
    ['shoulder poor (55)', { mobilityAnalysis: { shoulderTurn: 'poor' } }, [THORACIC, SHOULDER]],
  ])('%s', (_name, input, expected) => {
    const areas = focusAreas(input);
    expect(areas.slice(0, expected.length)).toEqual(expected);
    expect(areas).toHaveLength(4);
  });

  it.each<[string, FocusAreaInput]>([
    ['shoulder 85', { mobilityAnalysis: { shoulderTurn: 85 } }],
    ['shoulder good (85)', { mobilityAnalysis: { shoulderTurn: 'Good' } }],
    ['shoulder unlimited', { mobilityAnalysis: { shoulderTurn: 'unlimited' } }],
    ['hip unrestricted', { mobilityAnalysis: { hipRotation: 'unrestricted, 48°' } }],
    ['spine maintained', { mobilityAnalysis: { spineAngle: 'maintained' } }],
    ['posture upright (not "uprights")', { analysisResults: { posture: 'upright' } }],
    ['balance good', { analysisResults: { balance: 'stable and good' } }],
    ['nothing stored', {}],
    ['broken JSON', { mobilityAnalysis: '{not json', analysisResults: 'plain text' }],
  ])('%s matches no rule: the defaults', (_name, input) => {
    expect(focusAreas(input)).toEqual(DEFAULT_FOCUS_AREAS);
  });
});

describe('focusAreas: combining', () => {
  it('pads from the fixed order, skipping categories already chosen', () => {
    expect(focusAreas({ analysisResults: { posture: 'early extension' } })).toEqual([
      POSTURE,
      CORE,
      THORACIC,
      LOWER,
    ]);
    expect(focusAreas({ mobilityAnalysis: { hipRotation: 'limited' } })).toEqual([
      PELVIC,
      CORE,
      THORACIC,
      LOWER,
    ]);
  });

  it('keeps rule order and cuts to four when more match', () => {
    expect(
      focusAreas({
        mobilityAnalysis: { spineAngle: 'loss', hipRotation: 'limited', shoulderTurn: '70°' },
        analysisResults: { posture: 'uprights', balance: 'compromised' },
      }),
    ).toEqual([CORE, POSTURE, LOWER, PELVIC]);
  });

  it('de-duplicates categories matched twice', () => {
    const areas = focusAreas({ analysisResults: { balance: 'poor and compromised' } });
    expect(areas).toEqual([LOWER, ANKLE, CORE, THORACIC]);
    expect(new Set(areas).size).toBe(4);
  });

  it('reads JSON text and the nested mobilityAnalysis of analysisResults', () => {
    const analysisResults = JSON.stringify({
      posture: 'neutral',
      mobilityAnalysis: { hipRotation: 'restricted', shoulderTurn: '78° (limited)' },
    });
    expect(leading({ analysisResults }, 3)).toEqual([PELVIC, THORACIC, SHOULDER]);
    expect(leading({ mobilityAnalysis: '{"spineAngle":"early extension"}' }, 1)).toEqual([CORE]);
  });

  it('reads hipTurn as hip rotation and measurement objects by their value', () => {
    expect(leading({ mobilityAnalysis: { hipTurn: 'Limited' } }, 1)).toEqual([PELVIC]);
    expect(
      leading(
        { mobilityAnalysis: { shoulderTurn: { confidence: 0.6, value: 80, unit: 'deg' } } },
        2,
      ),
    ).toEqual([THORACIC, CORE]);
  });
});

describe('explainFocusAreas', () => {
  it('names the measured value behind each chosen area and pads to four', () => {
    const reasons = explainFocusAreas({
      mobilityAnalysis: { shoulderTurn: '62° (limited)', hipRotation: '45° (good)' },
    });
    expect(reasons.map((r) => r.focus)).toEqual(
      focusAreas({
        mobilityAnalysis: { shoulderTurn: '62° (limited)', hipRotation: '45° (good)' },
      }),
    );
    expect(reasons[0]).toEqual({
      focus: 'Thoracic Spine Mobility',
      reason: 'Shoulder turn 62° (limited), target 85-95°',
      source: 'measured',
    });
    expect(reasons[1]!.source).toBe('measured');
    expect(reasons.slice(2).every((r) => r.source === 'padding')).toBe(true);
  });

  it('says the defaults are there because nothing was measured with confidence', () => {
    const reasons = explainFocusAreas({});
    expect(reasons.map((r) => r.focus)).toEqual([...DEFAULT_FOCUS_AREAS]);
    expect(reasons.every((r) => r.source === 'default' && /confidence/.test(r.reason))).toBe(true);
  });
});
