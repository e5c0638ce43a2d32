import { createTailwindMerge } from 'tailwind-merge';

/*
 * tailwind-merge's default configuration knows every Tailwind utility and weighs ~6 KB gzip, a
 * noticeable share of the first screen's budget on a slow phone. Our components only need callers
 * to override a known set of utilities (spacing, sizing, colours, type, radius, shadows, layout),
 * so this is a compact configuration for exactly those groups. Classes outside these groups are
 * kept as given, never dropped; add a group here if an override of another utility is needed.
 */

const anyValue = () => true;
const isNumber = (value: string) => /^\d+(\.\d+)?$/.test(value);
const isArbitraryLength = (value: string) =>
  /^\[(length:.+|-?[\d.]+(px|r?em|%|vh|vw|dvh|svh|ch)|calc\(.+\)|var\(.+\))\]$/.test(value);
const isArbitraryShadow = (value: string) => /^\[(inset_)?-?\d.*_/.test(value);
const isArbitraryImage = (value: string) =>
  /^\[(url\(|image:|(repeating-)?(linear|radial|conic)-gradient\()/.test(value);

const TEXT_SIZES = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl'];
const isTextSize = (value: string) => TEXT_SIZES.includes(value) || isArbitraryLength(value);
const FONT_WEIGHTS = [
  'thin',
  'extralight',
  'light',
  'normal',
  'medium',
  'semibold',
  'bold',
  'extrabold',
  'black',
];
const RADII = ['', 'none', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl', 'full'];
const SHADOWS = ['', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', 'none', 'inner'];

const sideGroups = (prefix: 'p' | 'm') =>
  Object.fromEntries(
    ['', 'x', 'y', 't', 'r', 'b', 'l', 's', 'e'].map((side) => [
      `${prefix}${side}`,
      [{ [`${prefix}${side}`]: [anyValue] }],
    ]),
  );

export const mergeClasses = createTailwindMerge(() => ({
  cacheSize: 300,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'grid',
      'inline-grid',
      'contents',
      'hidden',
    ],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    ...sideGroups('p'),
    ...sideGroups('m'),
    gap: [{ gap: [anyValue] }],
    'gap-x': [{ 'gap-x': [anyValue] }],
    'gap-y': [{ 'gap-y': [anyValue] }],
    w: [{ w: [anyValue] }],
    h: [{ h: [anyValue] }],
    size: [{ size: [anyValue] }],
    'min-w': [{ 'min-w': [anyValue] }],
    'min-h': [{ 'min-h': [anyValue] }],
    'max-w': [{ 'max-w': [anyValue] }],
    'max-h': [{ 'max-h': [anyValue] }],
    flex: [{ flex: ['1', 'auto', 'initial', 'none'] }],
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['wrap', 'wrap-reverse', 'nowrap'] }],
    basis: [{ basis: [anyValue] }],
    grow: [{ grow: ['', '0'] }],
    shrink: [{ shrink: ['', '0'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
    'justify-content': [
      { justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch'] },
    ],
    'grid-cols': [{ 'grid-cols': [anyValue] }],
    // Literal values are matched before validators, and validators in this order: sizes are
    // recognised before the catch-all colour.
    'text-align': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    whitespace: [
      { whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] },
    ],
    'font-size': [{ text: [isTextSize] }],
    'text-color': [{ text: [anyValue] }],
    'font-weight': [{ font: FONT_WEIGHTS }],
    'font-family': [{ font: [anyValue] }],
    leading: [{ leading: [anyValue] }],
    tracking: [{ tracking: [anyValue] }],
    'bg-size': [{ bg: ['auto', 'cover', 'contain'] }],
    'bg-image': [
      { bg: ['none', isArbitraryImage], 'bg-gradient-to': [anyValue], 'bg-linear-to': [anyValue] },
    ],
    'bg-color': [{ bg: [anyValue] }],
    'border-w': [{ border: ['', isNumber, isArbitraryLength] }],
    'border-sides': [{ border: ['x', 'y', 't', 'r', 'b', 'l', 's', 'e'] }],
    'border-color': [{ border: [anyValue] }],
    rounded: [{ rounded: [...RADII, isArbitraryLength] }],
    shadow: [{ shadow: [...SHADOWS, isArbitraryShadow] }],
    'shadow-color': [{ shadow: [anyValue] }],
    'ring-w': [{ ring: ['', isNumber, isArbitraryLength] }],
    'ring-color': [{ ring: [anyValue] }],
    'ring-offset-w': [{ 'ring-offset': [isNumber] }],
    'ring-offset-color': [{ 'ring-offset': [anyValue] }],
    opacity: [{ opacity: [anyValue] }],
    overflow: [{ overflow: ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
    'overflow-x': [{ 'overflow-x': ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
    'overflow-y': [{ 'overflow-y': ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
    z: [{ z: [anyValue] }],
    aspect: [{ aspect: [anyValue] }],
  },
  conflictingClassGroups: {
    p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl', 'ps', 'pe'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml', 'ms', 'me'],
    my: ['mt', 'mb'],
    gap: ['gap-x', 'gap-y'],
    size: ['w', 'h'],
    overflow: ['overflow-x', 'overflow-y'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: ['before', 'after', 'placeholder', 'file', 'marker', 'selection'],
}));
