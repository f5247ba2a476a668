import type { Entry } from './index';

// The rules pages, the rules drawer of the match page and the first-game guide (the rules texts
// themselves are in src/rules/<game>.ts).
export const rules: Record<string, Entry> = {
  'rules.link': ['Rules', 'Regras'],
  'rules.how_to_play': ['How to play', 'Como jogar'],
  'rules.title': ['How to play {game}', 'Como jogar {game}'],
  'rules.unknown': ['There are no rules for “{game}”.', 'Não há regras para “{game}”.'],
  'rules.new_game': ['New game of {game}', 'Novo jogo de {game}'],
  'rules.other_games': ['Rules of the other games', 'Regras dos outros jogos'],
  'rules.open': ['Rules of {game}', 'Regras de {game}'],
  'rules.close': ['Close the rules', 'Fechar as regras'],
  'rules.full_page': ['Open as a page', 'Abrir como página'],
  'guide.title': ['First game of {game}?', 'Primeira partida de {game}?'],
  'guide.dismiss': ['Got it', 'Entendi'],
  'guide.more': ['All the rules', 'Todas as regras'],
};
