// The odds of pressing an attack, from the server (GET /api/odds), remembered per count of armies.
import { useEffect, useState } from 'preact/hooks';

// GET /api/odds's answer (docs/PROTOCOL.md), the parts shown.
export interface Odds {
  conquest: number;
  expected_attacker_left: number;
}

const oddsCache = new Map<string, Promise<Odds | null>>();
function fetchOdds(attackers: number, defenders: number): Promise<Odds | null> {
  const key = `${attackers}/${defenders}`;
  let p = oddsCache.get(key);
  if (!p) {
    p = fetch(`/api/odds?attackers=${attackers}&defenders=${defenders}`)
      .then((r) => (r.ok ? (r.json() as Promise<Odds>) : null))
      .catch(() => null);
    oddsCache.set(key, p);
  }
  return p;
}

// The odds of the attack from `sel` to `tgt` while one is offered (null until they come).
export function useOdds(sel: string | null, tgt: string | null, attacking: boolean, from?: { armies: number }, to?: { armies: number }): Odds | null {
  const [odds, setOdds] = useState<Odds | null>(null);
  useEffect(() => {
    setOdds(null);
    if (!attacking || !from || !to) return;
    let live = true;
    fetchOdds(from.armies, to.armies).then((o) => live && setOdds(o));
    return () => {
      live = false;
    };
  }, [sel, tgt, from?.armies, to?.armies]);
  return odds;
}
