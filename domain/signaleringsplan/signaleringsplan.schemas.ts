import { z } from '../shared/validation';
import { signaleringsplanPhases, type SignaleringsplanPhase } from './signaleringsplan.vocabulary';

const planText = (phase: string, part: string) =>
  z
    .string({ error: `${phase}: vul ${part} in.` })
    .trim()
    .max(1000, `${phase}: ${part} mag maximaal 1000 tekens lang zijn.`);

const phaseSchema = (key: SignaleringsplanPhase) => {
  const phase = signaleringsplanPhases.find((candidate) => candidate.key === key)!.label;
  return z.object(
    {
      signals: planText(phase, 'de signalen').min(1, `${phase}: vul de signalen in.`),
      patientActions: planText(phase, 'wat de patiënt zelf doet').optional().default(''),
      teamActions: planText(phase, 'wat het team doet').min(1, `${phase}: vul in wat het team doet.`),
    },
    { error: `Vul de fase ${phase} in.` },
  );
};

/** Every phase needs its signals and what the team does; what the patient does is optional. */
export const signaleringsplanSchema = z.object({
  phases: z.object(
    { groen: phaseSchema('groen'), oranje: phaseSchema('oranje'), rood: phaseSchema('rood') },
    { error: 'Vul de fasen van het signaleringsplan in.' },
  ),
});
