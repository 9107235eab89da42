import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD, type Role } from '@/contract/people';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { peopleMutations } from '../api/people-queries';
import { FormRefusal, TextField, refusalOf } from './form-parts';
import { RoleSelect, rolesFor } from './role-select';

const FIELDS = ['name', 'email', 'role', 'password'] as const;
const EMPTY = { name: '', email: '', role: 'member' as Role, password: '' };

/** Adds a person who signs in with the password given here (told to them some other way). */
export function AddPersonForm({ me }: { me: Role | null }) {
  const client = useQueryClient();
  const add = useMutation(peopleMutations.add(client));
  const [form, setForm] = useState(EMPTY);
  const [added, setAdded] = useState<string | null>(null);
  const refusal = refusalOf(add.error, FIELDS);
  const errorOf = (f: (typeof FIELDS)[number]) => (refusal.field === f ? refusal.message : null);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    add.mutate(form, {
      onSuccess: ({ person }) => {
        setAdded(`${person.name} was added as ${person.role}.`);
        setForm(EMPTY);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-heading" className="space-y-3">
      <h2 id="add-heading" className="text-sm font-semibold text-zinc-100">
        Add a person with a password
      </h2>
      <FormRefusal error={add.error} named={refusal.field !== null} onDismiss={add.reset} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="add-name"
          label="Name"
          value={form.name}
          onChange={(name) => set({ name })}
          error={errorOf('name')}
        />
        <TextField
          id="add-email"
          label="Email"
          type="email"
          value={form.email}
          onChange={(email) => set({ email })}
          error={errorOf('email')}
        />
        <Field id="add-role" label="Role" error={errorOf('role')}>
          {(c) => (
            <RoleSelect
              {...c}
              value={form.role}
              roles={rolesFor(me)}
              onChange={(role) => set({ role })}
            />
          )}
        </Field>
        <TextField
          id="add-password"
          label="Password"
          type="password"
          hint={`At least ${MIN_PASSWORD} characters; they sign in with it.`}
          value={form.password}
          onChange={(password) => set({ password })}
          error={errorOf('password')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={add.isPending}>
          Add person
        </Button>
        <p role="status" className="text-sm text-zinc-400">
          {added}
        </p>
      </div>
    </form>
  );
}
