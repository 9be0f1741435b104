/**
 * State shared by the ACIS and CIRT screens (spec 001 §2.2–§2.4, §4, §8, §9): the catalog check,
 * deal details at the chosen settlement date, assumptions and settings (cookies with the
 * screen's prefix), a chosen saved scenario, the cancellation month, and a guarded run that
 * checks the inputs, times the call and reports failures in a red alert (also logged).
 */
import { exportToday, userCashflowLabel, type DealDetail, type UserCollateralCashflow } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { rememberDeal } from '../../app/last-deal.ts';
import { useSession } from '../../app/session-context.tsx';
import type { ChosenScenario } from '../scenario-picker/scenario-picker.tsx';
import { DEFAULT_MODEL_STATE, modelInputProblems, modelRequestFields, type CreditModelState } from '../credit-model/credit-models.ts';
import { STOCHASTIC_NEEDS_MODEL } from '../stochastic/stochastic-request.ts';
import { useDealCatalog } from '../deal-catalog/use-deal-catalog.ts';
import { inputProblems, snapSettlement, toRequestRate, type AssumptionInputs } from '../run-inputs/analysis-inputs.ts';
import { fetchDealDetails } from '../../api/deal-analysis.api.ts';
import { formatElapsed } from '../run-inputs/run-timer.ts';
import type { ExportHeader } from '../cashflow-export/export-cashflows.ts';
import { callBeforeFirstPayment, firstCallMonth } from './early-call.ts';
import { monthToYmd } from './reinsurance-panels.tsx';
import {
  loadReinsuranceInputs, loadSettings, saveReinsuranceInputs, saveSettings, settingsBody, settingsProblems, type ReinsuranceSettings,
} from './reinsurance-settings.ts';

export type ReinsuranceKind = 'acis' | 'cirt';

const DEAL_TYPE: Record<ReinsuranceKind, string> = { acis: 'ACIS', cirt: 'CIRT' };
/** The call as the screens name it (spec 001 §2.2: ACIS 'Early Call Option', §2.3: CIRT 'Cancellation'). */
const CALL_LABEL: Record<ReinsuranceKind, string> = { acis: 'Early Call', cirt: 'Cancellation' };

/** A chosen scenario's percent vectors as request fractions behind the period-0 element. */
const fractions = (values: readonly number[] | undefined) => [0, ...(values ?? []).map((x) => x / 100)];

export function useReinsuranceScreen(kind: ReinsuranceKind, dealName: string) {
  const { api, session } = useSession();
  // Catalog check (spec 001 §2.2, §4): a deal that is not in the user's catalog as this screen's
  // type opens the catalog modal instead of the analysis section.
  const catalog = useDealCatalog();
  const known = !!catalog.data?.some((d) => d.DealName === dealName && d.DealType === DEAL_TYPE[kind]);
  const [catalogOpen, setCatalogOpen] = useState(false);
  useEffect(() => { if (!dealName || (catalog.isSuccess && !known)) setCatalogOpen(true); }, [dealName, catalog.isSuccess, known]);
  useEffect(() => { if (known) rememberDeal(dealName); }, [known, dealName]);

  const [settlement, setSettlement] = useState<number | null>(null);
  const details = useQuery({
    queryKey: ['deal-details', dealName, settlement],
    queryFn: () => fetchDealDetails(api, dealName, settlement),
    enabled: known,
    // While another date loads, the screen keeps the deal shown (not a blank page).
    placeholderData: (previous: DealDetail | undefined) => (previous?.DealName === dealName ? previous : undefined),
  });
  const deal = details.data;
  const effectiveSettlement = deal ? snapSettlement(settlement ?? deal.SettlementDate, deal.IssueDate) : null;
  const optionalCancellation = deal && deal.OptionalCancellationDate > 101 ? deal.OptionalCancellationDate : null;

  const [inputs, setInputs] = useState<AssumptionInputs>(() => loadReinsuranceInputs(kind));
  const [settings, setSettings] = useState<ReinsuranceSettings>(() => loadSettings(kind));
  const [cancel, setCancel] = useState({ on: false, month: '' });
  // The call month shown and sent: the chosen one, else the first month that still covers a
  // payment after settlement (issue 18 #10: it defaulted to the optional cancellation month,
  // long past on a seasoned deal, so the run had only its period-0 row).
  const firstMonth = deal && effectiveSettlement !== null ? firstCallMonth(optionalCancellation, deal.FirstProjectedDate, effectiveSettlement) : '';
  const cancelMonth = cancel.month || firstMonth;
  // A new settlement date that leaves the chosen month behind goes back to the default.
  useEffect(() => { setCancel((c) => (c.month && firstMonth && c.month < firstMonth ? { ...c, month: '' } : c)); }, [firstMonth]);
  /** Why the last run has no periods when the call explains it (shown with an empty result). */
  const [callNote, setCallNote] = useState<string | null>(null);
  const [scenario, setScenario] = useState<ChosenScenario | null>(null);
  const [scenarioPickerOpen, setScenarioPickerOpen] = useState(false);
  // A saved user cashflow (from /cashflows) run as the pool's collateral (spec 002 prerun).
  const [userCashflow, setUserCashflow] = useState<UserCollateralCashflow | null>(null);
  useEffect(() => { setUserCashflow(null); }, [dealName]);
  const [model, setModelState] = useState<CreditModelState>(DEFAULT_MODEL_STATE);
  const modelChosen = model.model !== 'None' && !scenario && !userCashflow;
  /** Changing the credit model clears the selected scenario (spec 001 §4). */
  function setModel(next: CreditModelState) {
    if (next.model !== model.model) { setScenario(null); setUserCashflow(null); }
    setModelState(next);
  }
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [runMs, setRunMs] = useState(0);

  /** The request fields common to ACIS and CIRT (spec 001 §3.5). */
  function requestBody(over: Record<string, unknown> = {}): Record<string, unknown> {
    const assumptions = userCashflow ? { UserCollateralCashflow: userCashflow } : scenario
      ? (scenario.Id !== null
        ? { SelectedScenarioId: scenario.Id }
        : { Cpr: fractions(scenario.Cpr), Cdr: fractions(scenario.Cdr), LossSeverity: fractions(scenario.LossSeverity), Delinquency: fractions(scenario.Delinquency) })
      : modelChosen ? {} : {
        Cpr: toRequestRate(inputs.cpr, true), Cdr: toRequestRate(inputs.cdr, true),
        LossSeverity: toRequestRate(inputs.lossSeverity, false), Delinquency: toRequestRate(inputs.delinquency, false),
      };
    return {
      DealName: dealName, SettlementDate: effectiveSettlement, RunLoanLevel: false, ...modelRequestFields(modelChosen ? model : DEFAULT_MODEL_STATE),
      Cancellation: cancel.on, CancellationDate: cancel.on ? monthToYmd(cancelMonth) : null,
      ...assumptions, ...settingsBody(settings), ...over,
    };
  }

  /**
   * The Stochastic tab's request (issue 35 #4): the run's request with its credit model (whose
   * economic inputs are the paths' mean), or why there is none yet (a model is needed; a saved
   * scenario or a prerun cashflow replaces the model; the settings must be valid).
   */
  function stochasticRequest(over: Record<string, unknown> = {}): Record<string, unknown> | { unavailable: string } {
    if (!modelChosen) return { unavailable: STOCHASTIC_NEEDS_MODEL };
    const problem = modelInputProblems(model) ?? settingsProblems(settings);
    return problem ? { unavailable: problem } : requestBody(over);
  }

  /**
   * Runs `action` after the client checks: assumption inputs (unless a scenario replaces them)
   * and the settings. A failure shows the server's message once, inline, and logs it; `fallback` is the text when the failure says nothing (CIRT, spec 001 §8).
   * @returns false when the checks refused the run
   */
  async function guarded(action: () => Promise<void>, options: { fallback?: string; onFailure?(): void; checkSettings?: boolean } = {}): Promise<boolean> {
    const problem = (scenario || userCashflow ? null : modelChosen ? modelInputProblems(model) : inputProblems(inputs, false)) ?? (options.checkSettings === false ? null : settingsProblems(settings));
    setError(problem);
    // A refused run also clears what the last run showed (issue 18 #7).
    if (problem) { options.onFailure?.(); return false; }
    saveReinsuranceInputs(kind, inputs);
    saveSettings(kind, settings);
    setCallNote(cancel.on && effectiveSettlement !== null ? callBeforeFirstPayment(CALL_LABEL[kind], cancelMonth, firstMonth, effectiveSettlement) : null);
    setRunning(true);
    const started = performance.now();
    try {
      await action();
      setError(null);
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : options.fallback ?? messageOf(e);
      // Shown once, in the input error area (issue 23 #4: the settlement refusal also came as an alert); still logged.
      setError(message);
      void logClientError(message, e instanceof Error ? e.stack : undefined);
      options.onFailure?.();
    } finally {
      setRunMs(performance.now() - started);
      setRunning(false);
    }
    return true;
  }

  /** The export header block (spec 001 §7). */
  function exportHeader(bondName: string): ExportHeader {
    return {
      userName: session?.username ?? '', dealName, bondName, settlementDate: effectiveSettlement,
      runDate: exportToday(new Date()), runTime: formatElapsed(runMs),
      scenarioName: userCashflow ? userCashflowLabel(userCashflow) : scenario?.ScenarioName ?? '', scenarioVendor: userCashflow ? userCashflow.Vendor : scenario?.Vendor ?? '',
    };
  }

  return {
    api, session, catalogOpen, setCatalogOpen, known, deal, effectiveSettlement, optionalCancellation, setSettlement,
    inputs, setInputs, model, setModel, settings, setSettings, cancel, setCancel, cancelMonth, firstMonth, callNote, scenario, setScenario, userCashflow, setUserCashflow, scenarioPickerOpen, setScenarioPickerOpen,
    error, setError, running, requestBody, stochasticRequest, guarded, exportHeader,
  };
}

export type ReinsuranceScreen = ReturnType<typeof useReinsuranceScreen>;
