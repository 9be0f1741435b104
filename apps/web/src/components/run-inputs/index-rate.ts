/**
 * The index-rate (SOFR) input of the analysis screens. Without a remembered value it starts at the
 * deal's current index rate, so a floater's yield is not silently margin-only (issue 18 #1).
 */
import type { DealDetail } from '@opencrt/contracts';
import Cookies from 'js-cookie';
import { useEffect, useRef } from 'react';
import { formatDate } from '../format/catalog-format.ts';

/** True when a cookie (the user's last run) holds the index input of a screen's prefix. */
export function hasSavedIndex(cookiePrefix: string): boolean {
  return Cookies.get(`${cookiePrefix}libor`) !== undefined;
}

/** A deal with at least one floating class: its coupons move with the index input. */
export function isFloatingDeal(deal: DealDetail): boolean {
  return deal.Bonds.some((b) => !!b.FloaterFormula);
}

/** The deal's index rate as input text (percent, up to 5 decimals, no trailing zeros). */
export function indexRateText(deal: DealDetail): string | null {
  const r = deal.IndexRate;
  return r ? String(Number(r.RatePct.toFixed(5))) : null;
}

/** 'SOFR 3.66% on 10/25/2026' under the input. */
export function indexRateHint(deal: DealDetail): string | null {
  const r = deal.IndexRate;
  return r ? `Current ${r.Name} ${indexRateText(deal)}% on ${formatDate(r.Date)}` : null;
}

/** The note shown beside a run at index 0 on a deal with floating classes. */
export const ZERO_INDEX_NOTE = 'Index rate 0%: floating classes pay their margin only.';

/**
 * Prefills the index input from each deal the screen opens while the user has not given a value
 * (no cookie, no query, no edit). `userGiven` is read once; call the returned `markEdited` when
 * the user types in the input.
 */
export function useIndexPrefill(deal: DealDetail | undefined, userGiven: boolean, apply: (text: string) => void): () => void {
  const edited = useRef(userGiven);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const text = deal ? indexRateText(deal) : null;
  useEffect(() => {
    if (!edited.current && text !== null) applyRef.current(text);
  }, [text, deal?.DealName]);
  return () => { edited.current = true; };
}
