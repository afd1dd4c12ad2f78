import { formatDay } from './days';
import type { Patient, PatientRecord } from './types';

/** The record upstream builds, with its key order; dates as `YYYY-MM-DD`. */
export function toRecord(p: Patient): PatientRecord {
  return {
    patient_id: p.patientId,
    age: p.age,
    gender: p.gender,
    ethnicity: p.ethnicity,
    group: p.group,
    treatment_start: formatDay(p.treatmentStart),
    death_date: p.deathDate === null ? null : formatDay(p.deathDate),
    outcome: p.outcome,
    treatment_site: p.treatmentSite,
    stage: p.stage,
    trial_phase: 'Phase III',
    drug: p.drug,
    enrollment_date: formatDay(p.enrollmentDate),
    country: p.country,
    comorbidity_index: p.comorbidityIndex,
    ecog_performance_status: p.ecogPerformanceStatus,
    prior_chemo_cycles: p.priorChemoCycles,
    baseline_ldh: p.baselineLdh,
    bmi: p.bmi,
    insurance_type: p.insuranceType,
    smoking_status: p.smokingStatus,
    blood_pressure_sys: p.bloodPressureSys,
    blood_pressure_dia: p.bloodPressureDia,
    primary_tumor_site: p.primaryTumorSite,
    histology_type: p.histologyType,
    concomitant_medications: p.concomitantMedications.slice(),
  };
}

/** Fields upstream stores as Python floats; json.dumps writes them with a decimal point. */
export const FLOAT_FIELDS: ReadonlySet<string> = new Set(['baseline_ldh', 'bmi']);
