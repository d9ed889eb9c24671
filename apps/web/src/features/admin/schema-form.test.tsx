import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formable, type JsonSchema, SchemaFields } from './schema-form';

function Harness({ schema, initial }: { schema: JsonSchema; initial: unknown }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SchemaFields schema={schema} value={value} onChange={setValue} label="setting" />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

afterEach(cleanup);

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as unknown;

describe('formable', () => {
  it('takes plain values, objects of them, records and lists of plain values', () => {
    expect(formable({ type: 'boolean' })).toBe(true);
    expect(
      formable({ type: 'object', properties: { a: { type: 'integer' }, b: { enum: ['x', 'y'] } } }),
    ).toBe(true);
    expect(formable({ type: 'object', additionalProperties: { type: 'integer' } })).toBe(true);
    expect(formable({ type: 'array', items: { type: 'string' } })).toBe(true);
  });

  it('leaves lists of objects and unions to the JSON editor', () => {
    expect(formable({ type: 'array', items: { type: 'object', properties: {} } })).toBe(false);
    expect(formable({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe(false);
    expect(
      formable({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }),
    ).toBe(false);
  });
});

describe('SchemaFields', () => {
  it('edits a record: a new key with a blank value, a changed value, a removed key', () => {
    render(
      <Harness
        schema={{ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } }}
        initial={{ dice: 100 }}
      />,
    );
    fireEvent.change(screen.getByTestId('setting-field-new-key'), { target: { value: 'limbo' } });
    fireEvent.click(screen.getByTestId('setting-field-add'));
    expect(value()).toEqual({ dice: 100, limbo: 0 });
    fireEvent.change(screen.getByTestId('setting-field-limbo'), { target: { value: '250' } });
    expect(value()).toEqual({ dice: 100, limbo: 250 });
    fireEvent.click(screen.getByRole('button', { name: /dice/ }));
    expect(value()).toEqual({ limbo: 250 });
  });

  it('edits an object of plain values and a list', () => {
    render(
      <Harness
        schema={{
          type: 'object',
          properties: { on: { type: 'boolean' }, hosts: { type: 'array', items: { type: 'string' } } },
        }}
        initial={{ on: false, hosts: ['a.example'] }}
      />,
    );
    fireEvent.click(screen.getByTestId('setting-field-on'));
    fireEvent.change(screen.getByTestId('setting-field-hosts-0'), { target: { value: 'b.example' } });
    expect(value()).toEqual({ on: true, hosts: ['b.example'] });
  });
});
