import {
  MULTI_CHOICE_TYPES,
  SINGLE_CHOICE_TYPES,
  type ProductForm,
  type ProductOption,
  type StepCondition,
} from './product-form.js';

/** What the catalogue linter checks. */
export type LintRule =
  | 'duplicate-option-id'
  | 'unknown-option'
  | 'later-option'
  | 'impossible-value'
  | 'never-shown'
  | 'contradictory-conditions'
  | 'step-unknown-option'
  | 'option-not-in-steps'
  | 'redirect-unknown-product'
  | 'redirect-wrong-product'
  | 'redirect-cycle'
  | 'redirect-bad-step'
  | 'exit-empty-message'
  | 'exit-no-condition'
  | 'related-condition-unknown-fee';

/** One problem found in a form (the message is for catalogue editors, in English). */
export interface LintProblem {
  product_id: number;
  rule: LintRule;
  option_id?: number;
  message: string;
  /**
   * The message's values, so that it can be said in another language: `path` is where in the form file (JSON keys,
   * the same in every language), the rest are ids and values.
   */
  params: Record<string, string | number>;
}

/** Where a condition sits in the form file: `options[5].previous_steps`, `conditions_to_exit[0]`... */
function pathOf(where: string): string {
  const owned = /^option (\d+): (\w+)$/.exec(where);
  if (owned) return `options[${owned[1]}].${owned[2]}`;
  const redirect = /^conditions_to_redirect \((\d+)=(.*)\)$/.exec(where);
  return redirect ? `conditions_to_redirect[${redirect[1]}=${redirect[2]}]` : where;
}

const isChoice = (o: ProductOption) => SINGLE_CHOICE_TYPES.has(o.type) || MULTI_CHOICE_TYPES.has(o.type);

/** Whether an option can have the value a condition asks for (choices: one of its value ids, or ""). */
function possible(target: ProductOption | undefined, c: StepCondition): boolean {
  if (!target) return false;
  if (c.value === '' || c.op === 'ltdate' || c.op === 'owner_unknown' || !isChoice(target)) return true;
  return target.opt_values.some((v) => String(v.id) === c.value);
}

/** The values a condition set allows on one option: null = any value; a set of "" / value ids otherwise. */
type Allowed = Map<number, Set<string> | null>;

function allowedBy(conditions: readonly StepCondition[]): Allowed {
  const allowed: Allowed = new Map();
  for (const c of conditions) {
    const current = allowed.has(c.option_id) ? allowed.get(c.option_id) : new Set<string>();
    if (current === null || current === undefined) continue;
    // Date and owner-name comparisons cannot be reasoned about as values: any value.
    if (c.op === 'ltdate' || c.op === 'owner_unknown') allowed.set(c.option_id, null);
    else allowed.set(c.option_id, current.add(c.value));
  }
  return allowed;
}

function intersect(a: Allowed, b: Allowed): { result: Allowed; empty: number | null } {
  const result: Allowed = new Map(a);
  for (const [id, values] of b) {
    const mine = result.get(id);
    if (!result.has(id) || mine === null) result.set(id, values === null ? null : new Set(values));
    else if (values !== null && mine !== undefined) {
      const both = new Set([...mine].filter((v) => values.has(v)));
      if (both.size === 0) return { result, empty: id };
      result.set(id, both);
    }
  }
  return { result, empty: null };
}

function lintForm(
  form: ProductForm,
  problems: LintProblem[],
  productIds: ReadonlySet<number>,
  forms: ReadonlyMap<number, ProductForm>,
) {
  const add = (rule: LintRule, message: string, params: LintProblem['params'], option_id?: number) =>
    problems.push({
      product_id: form.product_id,
      rule,
      message,
      params,
      ...(option_id !== undefined ? { option_id } : {}),
    });
  const ordered = [...form.options].sort((a, b) => a.index - b.index || a.option_id - b.option_id);
  const position = new Map(ordered.map((o, i) => [o.option_id, i]));
  const byId = new Map(ordered.map((o) => [o.option_id, o]));

  /** Checks that a condition points to a known option (before `owner`, when given) and to a value it can have. */
  const checkCondition = (c: StepCondition, where: string, owner?: ProductOption): 'ok' | 'broken' | 'impossible' => {
    const target = byId.get(c.option_id);
    if (!target) {
      add(
        'unknown-option',
        `${where} refers to unknown option ${c.option_id}`,
        { path: pathOf(where), ref: c.option_id },
        owner?.option_id,
      );
      return 'broken';
    }
    if (owner && (position.get(c.option_id) ?? 0) >= (position.get(owner.option_id) ?? 0)) {
      add(
        'later-option',
        `${where} refers to option ${c.option_id}, which is not before it`,
        { path: pathOf(where), ref: c.option_id },
        owner.option_id,
      );
      return 'broken';
    }
    if (!possible(target, c)) {
      add(
        'impossible-value',
        `${where} needs option ${c.option_id} = "${c.value}", which is not among its values`,
        { path: pathOf(where), ref: c.option_id, value: c.value },
        owner?.option_id,
      );
      return 'impossible';
    }
    return 'ok';
  };

  const unknownRef = (id: number, where: string) => {
    if (!byId.has(id)) add('unknown-option', `${where} refers to unknown option ${id}`, { path: where, ref: id });
  };

  // Visibility: what each option needs of the options before it, inherited along the chain of conditions
  // (null: never shown).
  const needs = new Map<number, Allowed | null>();
  for (const o of ordered) {
    for (const c of o.autounset_option_values ?? [])
      checkCondition(c, `option ${o.option_id}: autounset_option_values`, o);
    const status = new Map<number, string[]>();
    for (const c of o.previous_steps) {
      status.set(c.option_id, [
        ...(status.get(c.option_id) ?? []),
        checkCondition(c, `option ${o.option_id}: previous_steps`, o),
      ]);
    }
    const statuses = [...status.values()];
    if (statuses.some((s) => s.includes('broken'))) {
      needs.set(o.option_id, new Map()); // already reported; do not reason further on it
      continue;
    }
    const live = o.previous_steps.filter((c) => possible(byId.get(c.option_id), c));
    const impossible = statuses.some((s) => s.every((x) => x === 'impossible'));
    let never = impossible;
    let acc: Allowed = allowedBy(live);
    for (const parentId of never ? [] : status.keys()) {
      const parent = needs.get(parentId);
      if (parent === null) {
        add(
          'never-shown',
          `option ${o.option_id} depends on option ${parentId}, which is never shown`,
          { option: o.option_id, parent: parentId },
          o.option_id,
        );
        never = true;
        break;
      }
      const { result, empty } = intersect(acc, parent ?? new Map());
      acc = result;
      if (empty !== null) {
        add(
          'contradictory-conditions',
          `option ${o.option_id} needs option ${empty} to have values that exclude each other`,
          { option: o.option_id, ref: empty },
          o.option_id,
        );
        never = true;
        break;
      }
    }
    if (impossible) {
      add('never-shown', `option ${o.option_id} can never be shown`, { option: o.option_id }, o.option_id);
    }
    needs.set(o.option_id, never ? null : acc);
  }

  // Steps.
  const inSteps = new Set<number>();
  form.steps.forEach((step, i) =>
    step.forEach((id) => {
      if (!byId.has(id))
        add('step-unknown-option', `step ${i + 1} lists unknown option ${id}`, { step: i + 1, ref: id });
      inSteps.add(id);
    }),
  );
  for (const o of ordered) {
    if (!inSteps.has(o.option_id))
      add('option-not-in-steps', `option ${o.option_id} is in no step`, { option: o.option_id }, o.option_id);
  }

  // Flow rules.
  for (const r of form.conditions_to_redirect ?? []) {
    checkCondition(r, `conditions_to_redirect (${r.option_id}=${r.value})`);
    if (r.product_id_in !== form.product_id) {
      add('redirect-wrong-product', `a redirect's product_id_in ${r.product_id_in} is not this product`, {
        product: r.product_id_in,
      });
    }
    if (!productIds.has(r.product_id_out))
      add('redirect-unknown-product', `redirect to unknown product ${r.product_id_out}`, { product: r.product_id_out });
    const target = forms.get(r.product_id_out);
    if (target && (r.step_saved < 1 || r.step_saved > Math.max(1, target.steps.length))) {
      add(
        'redirect-bad-step',
        `redirect to ${r.product_id_out} resumes at step ${r.step_saved}, which it does not have`,
        { product: r.product_id_out, step: r.step_saved },
      );
    }
  }
  (form.conditions_to_exit ?? []).forEach((e, i) => {
    if (e.message.trim() === '')
      add('exit-empty-message', `conditions_to_exit[${i}] has an empty message`, { path: `conditions_to_exit[${i}]` });
    if (e.options.length === 0)
      add('exit-no-condition', `conditions_to_exit[${i}] has no condition`, { path: `conditions_to_exit[${i}]` });
    for (const c of e.options) checkCondition(c, `conditions_to_exit[${i}]`);
  });
  const early = form.conditions_to_earlycheckout;
  if (early) {
    for (const c of early.options) checkCondition(c, 'conditions_to_earlycheckout');
    for (const id of early.confirmationOptions) unknownRef(id, 'conditions_to_earlycheckout.confirmationOptions');
  }
  const fees = new Set((form.related_product ?? []).map((r) => r.product_id));
  (form.related_conditions ?? []).forEach((e, i) => {
    const path = `related_conditions[${i}]`;
    if (!fees.has(e.product_id))
      add('related-condition-unknown-fee', `${path} names fee ${e.product_id}, which is not in related_product`, {
        path,
        product: e.product_id,
      });
    for (const c of e.options) checkCondition(c, path);
  });
  for (const id of form.questions_on_confirm ?? []) unknownRef(id, 'questions_on_confirm');
  if (form.question_on_start !== undefined && form.question_on_start !== null)
    unknownRef(form.question_on_start, 'question_on_start');
}

/** Finds redirect cycles (A -> B -> ... -> A) across the catalogue; each cycle is reported once, on its smallest id. */
function redirectCycles(forms: readonly ProductForm[]): LintProblem[] {
  const edges = new Map<number, Set<number>>();
  for (const f of forms) {
    for (const r of f.conditions_to_redirect ?? [])
      edges.set(f.product_id, (edges.get(f.product_id) ?? new Set()).add(r.product_id_out));
  }
  const problems: LintProblem[] = [];
  const seen = new Set<string>();
  const walk = (start: number, node: number, path: number[]) => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) {
        const cycle = [...path];
        const key = [...cycle].sort((a, b) => a - b).join(',');
        if (!seen.has(key) && Math.min(...cycle) === start) {
          seen.add(key);
          problems.push({
            product_id: start,
            rule: 'redirect-cycle',
            message: `redirect cycle ${[...cycle, start].join(' -> ')}`,
            params: { cycle: [...cycle, start].join(' -> ') },
          });
        }
      } else if (!path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const id of edges.keys()) walk(id, id, [id]);
  return problems;
}

/**
 * Checks a catalogue's forms: conditions that point to unknown or later options or to values an option cannot have,
 * options that can never be shown, steps and options that do not match, redirects to unknown products or in cycles,
 * exits without a message. `productIds` are every product of the catalogue (default: the forms' products).
 */
export function lintCatalog(forms: readonly ProductForm[], productIds?: Iterable<number>): LintProblem[] {
  const problems: LintProblem[] = [];
  const known = new Set(productIds ?? forms.map((f) => f.product_id));
  for (const f of forms) known.add(f.product_id);
  const byProduct = new Map(forms.map((f) => [f.product_id, f]));
  const owner = new Map<number, number>();
  for (const f of forms) {
    for (const o of f.options) {
      const first = owner.get(o.option_id);
      if (first !== undefined) {
        problems.push({
          product_id: f.product_id,
          rule: 'duplicate-option-id',
          option_id: o.option_id,
          message: `option ${o.option_id} is also in product ${first}`,
          params: { option: o.option_id, product: first },
        });
      } else owner.set(o.option_id, f.product_id);
    }
    lintForm(f, problems, known, byProduct);
  }
  return [...problems, ...redirectCycles(forms)];
}
