// Every interface string, in English and Brazilian Portuguese. The catalogue is one table made of
// the sections below (common, then one per board); a key missing from it is a bug the build's
// check (npm run check:i18n) and the browser tests catch.
import { signal } from '@preact/signals';
import { common } from './common';
import { boards } from './boards';
import { facts } from './facts';
import { options } from './options';
import { rules } from './rules';
import { accounts } from './accounts';
import { lobby } from './lobby';

export type Lang = 'en' | 'pt';
export type Entry = readonly [en: string, pt: string];

export const catalogue: Record<string, Entry> = { ...common, ...options, ...boards, ...facts, ...rules, ...accounts, ...lobby };

function initialLang(): Lang {
  const saved = localStorage.getItem('quartel.lang');
  if (saved === 'en' || saved === 'pt') return saved;
  return navigator.language.toLowerCase().startsWith('pt') ? 'pt' : 'en';
}

export const lang = signal<Lang>(initialLang());
document.documentElement.lang = lang.value === 'pt' ? 'pt-BR' : 'en';

export function setLang(value: Lang) {
  lang.value = value;
  localStorage.setItem('quartel.lang', value);
  document.documentElement.lang = value === 'pt' ? 'pt-BR' : 'en';
}

// t("key", {n: 3}) fills {n}. An unknown key shows itself in brackets (and logs an error, which
// the browser tests fail on).
export function has(key: string) {
  return key in catalogue;
}

export function t(key: string, params?: Record<string, string | number>): string {
  const entry = catalogue[key];
  if (!entry) {
    console.error(`missing string: ${key}`);
    return `[${key}]`;
  }
  let text: string = entry[lang.value === 'pt' ? 1 : 0];
  if (params) for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}
