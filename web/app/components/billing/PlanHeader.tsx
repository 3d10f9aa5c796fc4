import { PLANS, priceLabel, type PlanName } from '../../../../src/modules/billing/domain/plans';

export function PlanHeader({ plan }: { plan: PlanName }) {
  const p = PLANS[plan];
  return (
    <div>
      <h1 className="text-2xl font-extrabold" data-testid="plan-title">
        {p.title}
      </h1>
      <p className="mt-1 text-slate-600">
        {priceLabel(p)}
        {p.note && <span className="font-semibold text-brand"> · {p.note}</span>}
      </p>
    </div>
  );
}
