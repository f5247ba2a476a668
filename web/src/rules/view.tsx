// Draws a game's rules (rules/<game>.ts) in the interface's language: on the rules page (/rules/GAME)
// and in the match page's rules drawer, where the headings sit one level lower.
import type { JSX } from 'preact';
import { lang } from '../i18n';
import { rulesFor } from './index';
import type { Block, RulesLang } from './types';
import './rules.css';

// **bold** spans in a paragraph, list item or table cell.
export function Inline({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return <>{parts.map((p, i) => (i % 2 ? <strong key={i}>{p}</strong> : p))}</>;
}

function BlockView({ block, language }: { block: Block; language: RulesLang }) {
  if (typeof block === 'string') return <p><Inline text={block} /></p>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item, i) => <li key={i}><Inline text={item} /></li>)}
      </ul>
    );
  if ('table' in block) {
    const [head, ...rows] = block.table;
    return (
      // Focusable, so that a keyboard can scroll a table wider than the phone.
      <div class="rules-table" tabIndex={0}>
        <table>
          <thead>
            <tr>{head.map((h, i) => <th key={i} scope="col"><Inline text={h} /></th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>{row.map((cell, j) => (j === 0 ? <th key={j} scope="row"><Inline text={cell} /></th> : <td key={j}><Inline text={cell} /></td>))}</tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const Diagram = block.diagram;
  return (
    <figure class="rules-figure">
      <Diagram lang={language} />
      <figcaption><Inline text={block.caption} /></figcaption>
    </figure>
  );
}

// The whole text of one game. `level` is the heading level of its sections (2 on the page, 3 in
// the drawer, under the drawer's own heading).
export function RulesText({ game, level = 2 }: { game: string; level?: 2 | 3 }) {
  const rules = rulesFor(game);
  if (!rules) return null;
  const language: RulesLang = lang.value === 'pt' ? 'pt' : 'en';
  const text = rules[language];
  const Heading = `h${level}` as keyof JSX.IntrinsicElements;
  return (
    <div class="rules-text" data-game={game} lang={language === 'pt' ? 'pt-BR' : 'en'}>
      <p class="rules-summary"><Inline text={text.summary} /></p>
      <nav class="rules-toc" aria-label={language === 'pt' ? 'Seções' : 'Sections'}>
        {text.sections.map((s) => (
          <a key={s.id} href={`#rules-${s.id}`} onClick={(e) => jump(e, s.id)}>{s.title}</a>
        ))}
      </nav>
      {text.sections.map((s) => (
        <section key={s.id} id={`rules-${s.id}`} data-section={s.id}>
          <Heading>{s.title}</Heading>
          {s.blocks.map((b, i) => <BlockView key={i} block={b} language={language} />)}
        </section>
      ))}
    </div>
  );
}

// A section link scrolls within the page or the drawer and never changes the route.
function jump(event: MouseEvent, id: string) {
  event.preventDefault();
  event.stopPropagation();
  const target = (event.currentTarget as HTMLElement).closest('.rules-text')?.querySelector(`#rules-${id}`);
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
