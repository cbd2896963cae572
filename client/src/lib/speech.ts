// Read-aloud (issue 24): the question and its answers spoken by the phone's own speech synthesis
// (the Web Speech API; no external service), in the interface's language. Formulas ($…$, as the
// question editor writes them) are read through a spoken form: "v = \frac{d}{t}" becomes
// "v égale d sur t" in French. A small LaTeX-to-speech for the forms a class meets; what it does not
// know is read as its letters and digits, never as backslashes and braces.

type Lang = 'fr' | 'en' | 'co' | 'it';

interface Words {
  eq: string;
  over: string;
  squared: string;
  cubed: string;
  power: string;
  sqrt: string;
  root: (n: string) => string;
  times: string;
  plus: string;
  minus: string;
  pm: string;
  le: string;
  ge: string;
  lt: string;
  gt: string;
  ne: string;
  approx: string;
  pi: string;
  infinity: string;
  degrees: string;
  percent: string;
  open: string;
  close: string;
  comma: string;
}

const WORDS: Record<Lang, Words> = {
  fr: {
    eq: 'égale',
    over: 'sur',
    squared: 'au carré',
    cubed: 'au cube',
    power: 'puissance',
    sqrt: 'racine carrée de',
    root: (n) => `racine ${n}-ième de`,
    times: 'fois',
    plus: 'plus',
    minus: 'moins',
    pm: 'plus ou moins',
    le: 'inférieur ou égal à',
    ge: 'supérieur ou égal à',
    lt: 'inférieur à',
    gt: 'supérieur à',
    ne: 'différent de',
    approx: 'environ égal à',
    pi: 'pi',
    infinity: 'infini',
    degrees: 'degrés',
    percent: 'pour cent',
    open: 'parenthèse',
    close: 'fermer la parenthèse',
    comma: 'virgule',
  },
  en: {
    eq: 'equals',
    over: 'over',
    squared: 'squared',
    cubed: 'cubed',
    power: 'to the power',
    sqrt: 'the square root of',
    root: (n) => `the ${n}th root of`,
    times: 'times',
    plus: 'plus',
    minus: 'minus',
    pm: 'plus or minus',
    le: 'is less than or equal to',
    ge: 'is greater than or equal to',
    lt: 'is less than',
    gt: 'is greater than',
    ne: 'is not equal to',
    approx: 'is about',
    pi: 'pi',
    infinity: 'infinity',
    degrees: 'degrees',
    percent: 'percent',
    open: 'open bracket',
    close: 'close bracket',
    comma: 'point',
  },
  co: {
    eq: 'hè uguale à',
    over: 'nantu à',
    squared: 'à u quadratu',
    cubed: 'à u cubu',
    power: 'putenza',
    sqrt: 'radice quadrata di',
    root: (n) => `radice ${n} di`,
    times: 'volte',
    plus: 'più',
    minus: 'menu',
    pm: 'più o menu',
    le: 'minore o uguale à',
    ge: 'maiò o uguale à',
    lt: 'minore chè',
    gt: 'maiò chè',
    ne: 'sfarente di',
    approx: 'circa uguale à',
    pi: 'pi',
    infinity: 'infinitu',
    degrees: 'gradi',
    percent: 'per centu',
    open: 'parentesi',
    close: 'chjode a parentesi',
    comma: 'virgula',
  },
  it: {
    eq: 'uguale',
    over: 'fratto',
    squared: 'al quadrato',
    cubed: 'al cubo',
    power: 'elevato alla',
    sqrt: 'radice quadrata di',
    root: (n) => `radice ${n}-esima di`,
    times: 'per',
    plus: 'più',
    minus: 'meno',
    pm: 'più o meno',
    le: 'minore o uguale a',
    ge: 'maggiore o uguale a',
    lt: 'minore di',
    gt: 'maggiore di',
    ne: 'diverso da',
    approx: 'circa uguale a',
    pi: 'pi greco',
    infinity: 'infinito',
    degrees: 'gradi',
    percent: 'per cento',
    open: 'parentesi',
    close: 'chiusa parentesi',
    comma: 'virgola',
  },
};

const langOf = (lang: string): Lang => {
  const l = lang.slice(0, 2) as Lang;
  return l in WORDS ? l : 'fr';
};

/** Reads one `{…}` group at `i` (the brace), answers its content and the index after it. */
function group(s: string, i: number): [string, number] {
  if (s[i] !== '{') {
    // A single token: \frac12, x^2.
    if (s[i] === '\\') {
      const m = /^\\[a-zA-Z]+/.exec(s.slice(i));
      if (m) return [m[0], i + m[0].length];
    }
    return [s[i] ?? '', i + 1];
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '{') depth++;
    else if (s[j] === '}') {
      depth--;
      if (depth === 0) return [s.slice(i + 1, j), j + 1];
    }
  }
  return [s.slice(i + 1), s.length];
}

/** A LaTeX formula as words, in the language given ("\frac{d}{t}" → "d sur t"). */
export function latexToSpeech(tex: string, lang = 'fr'): string {
  const w = WORDS[langOf(lang)];
  const out: string[] = [];
  const s = tex.trim();
  let i = 0;
  const push = (x: string) => {
    if (x.trim()) out.push(x.trim());
  };
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') {
      const m = /^\\([a-zA-Z]+|.)/.exec(s.slice(i));
      const name = m ? m[1] : '';
      i += m ? m[0].length : 1;
      switch (name) {
        case 'frac':
        case 'dfrac':
        case 'tfrac': {
          const [num, a] = group(s, i);
          const [den, b] = group(s, a);
          i = b;
          push(latexToSpeech(num, lang));
          push(w.over);
          push(latexToSpeech(den, lang));
          break;
        }
        case 'sqrt': {
          let n: string | null = null;
          if (s[i] === '[') {
            const end = s.indexOf(']', i);
            n = s.slice(i + 1, end);
            i = end + 1;
          }
          const [arg, b] = group(s, i);
          i = b;
          push(n ? w.root(latexToSpeech(n, lang)) : w.sqrt);
          push(latexToSpeech(arg, lang));
          break;
        }
        case 'times':
        case 'cdot':
          push(w.times);
          break;
        case 'pm':
          push(w.pm);
          break;
        case 'le':
        case 'leq':
          push(w.le);
          break;
        case 'ge':
        case 'geq':
          push(w.ge);
          break;
        case 'ne':
        case 'neq':
          push(w.ne);
          break;
        case 'approx':
          push(w.approx);
          break;
        case 'pi':
          push(w.pi);
          break;
        case 'infty':
          push(w.infinity);
          break;
        case 'circ':
          push(w.degrees);
          break;
        case '%':
          push(w.percent);
          break;
        case 'left':
        case 'right':
        case ',':
        case ';':
        case ' ':
        case '!':
          break;
        case 'text':
        case 'mathrm':
        case 'mathbf':
        case 'operatorname': {
          const [arg, b] = group(s, i);
          i = b;
          push(arg);
          break;
        }
        default:
          // A Greek letter or a function name (\alpha, \sin): its name.
          push(name);
      }
      continue;
    }
    if (c === '^') {
      const [exp, b] = group(s, i + 1);
      i = b;
      if (exp.trim() === '2') push(w.squared);
      else if (exp.trim() === '3') push(w.cubed);
      else if (exp.trim() === '\\circ') push(w.degrees);
      else {
        push(w.power);
        push(latexToSpeech(exp, lang));
      }
      continue;
    }
    if (c === '_') {
      const [sub, b] = group(s, i + 1);
      i = b;
      push(latexToSpeech(sub, lang));
      continue;
    }
    if (c === '{' || c === '}') {
      i++;
      continue;
    }
    const symbols: Record<string, string> = {
      '=': w.eq,
      '+': w.plus,
      '-': w.minus,
      '×': w.times,
      '*': w.times,
      '<': w.lt,
      '>': w.gt,
      '(': w.open,
      ')': w.close,
      '%': w.percent,
      '/': w.over,
    };
    if (c in symbols) {
      push(symbols[c]);
      i++;
      continue;
    }
    // A number (with its decimal comma or point) or a word: as it is.
    const m = /^[0-9]+(?:[.,][0-9]+)?|^[^\\^_{}=+\-×*<>()%/\s]+/.exec(s.slice(i));
    if (m) {
      push(m[0].replace(/^([0-9]+)[.,]([0-9]+)$/, `$1 ${w.comma} $2`));
      i += m[0].length;
      continue;
    }
    i++;
  }
  return out.join(' ').replace(/\s+/g, ' ').trim();
}

/** A question's or an answer's text as spoken: `$…$` formulas through latexToSpeech. */
export function spokenText(text: string, lang = 'fr'): string {
  return text
    .replace(
      /\$\$([^$]+)\$\$|\$([^$]+)\$/g,
      (_, a: string | undefined, b: string | undefined) => ` ${latexToSpeech(a ?? b ?? '', lang)} `,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The phone's voice for a language (its first voice whose language starts so), or null. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | null {
  const l = lang.slice(0, 2).toLowerCase();
  return voices.find((v) => v.lang.toLowerCase().replace('_', '-').startsWith(l)) ?? null;
}

/** BCP 47 tags of the interface's languages, for the utterance. */
export const SPEECH_LANG: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', co: 'co-FR', it: 'it-IT' };
