/**
 * The visitor card of the invitation form (/visitors/create) and the recurring pass form
 * (/passes/create): the person's name, phone, licence plate (upper-cased as typed) and
 * purpose, each a labelled `TextField` of the caller's react-hook-form form. The texts are
 * the caller's (each form keeps its own catalog entries and words); a form's further person
 * fields (the invitation's email) go in `children`, after the phone.
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { upperCaseInput } from '../../lib/forms';

/** The form fields this card registers (names of the shared schemas' fields). */
export type VisitorPersonField = 'name' | 'phone' | 'purpose' | 'vehicleLicensePlate';

/** The card's texts, already translated by the caller. */
export interface VisitorPersonLabels {
  /** The card's heading. */
  visitorCard: string;
  name: string;
  phone: string;
  plate: string;
  purpose: string;
  purposePlaceholder: string;
  /** The aside of the optional fields (plate, purpose). */
  optional: string;
}

interface VisitorPersonFieldsProps {
  labels: VisitorPersonLabels;
  /** The form's `field` (lib/forms `useSubmitValidatedForm`): registers a field by name. */
  field: (name: VisitorPersonField, options?: { onChange?: (event: ChangeEvent<HTMLInputElement>) => void }) => UseFormRegisterReturn;
  /** The form's current errors (their messages are the schema's, translated by `TextField`). */
  errors: Partial<Record<VisitorPersonField, { message?: string } | undefined>>;
  /** More fields of the person, shown after the phone. */
  children?: ReactNode;
}

/** The visitor card: name, phone, `children`, plate and purpose in a two-column grid (no gaps either way). */
export function VisitorPersonFields({ labels, field, errors, children }: VisitorPersonFieldsProps) {
  return (
    <Card title={labels.visitorCard}>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField label={labels.name} autoComplete="off" error={errors.name?.message} {...field('name')} />
        <TextField
          label={labels.phone}
          type="tel"
          autoComplete="off"
          placeholder="+1 555 010 0100"
          error={errors.phone?.message}
          {...field('phone')}
        />
        {children}
        <TextField
          label={labels.plate}
          aside={labels.optional}
          autoComplete="off"
          autoCapitalize="characters"
          inputClassName="uppercase"
          error={errors.vehicleLicensePlate?.message}
          {...field('vehicleLicensePlate', { onChange: upperCaseInput })}
        />
        <TextField
          label={labels.purpose}
          aside={labels.optional}
          placeholder={labels.purposePlaceholder}
          // With a further field (the invitation's email) the plate closes its row and the
          // purpose takes a row of its own; without one, plate and purpose share a row.
          className={children ? 'sm:col-span-2' : undefined}
          error={errors.purpose?.message}
          {...field('purpose')}
        />
      </div>
    </Card>
  );
}
