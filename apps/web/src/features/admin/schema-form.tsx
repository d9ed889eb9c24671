/**
 * A form for a value described by a JSON Schema (the settings registry's, draft 2020-12 as zod writes
 * it): booleans as switches, numbers and strings as inputs (enums as selects), objects with fixed
 * properties as nested fields, records (objects of free keys) and arrays of plain values as rows one
 * can add and remove. Anything else (arrays of objects, unions) is edited as JSON. The server checks
 * every value against the same schema; the form only makes the usual shapes easy.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, IconButton } from '../../ui';
import { useTranslation } from '../../lib/i18n';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
  anyOf?: JsonSchema[];
  default?: unknown;
};

const isPlain = (s: JsonSchema | undefined): boolean =>
  !!s && (s.enum !== undefined || ['string', 'number', 'integer', 'boolean'].includes(String(s.type)));

/** Whether the form can edit values of `schema` field by field (otherwise: as JSON). */
export function formable(schema: JsonSchema, depth = 0): boolean {
  if (depth > 3) return false;
  if (isPlain(schema)) return true;
  if (schema.type === 'object') {
    if (schema.properties) return Object.values(schema.properties).every((p) => formable(p, depth + 1));
    return typeof schema.additionalProperties === 'object' && isPlain(schema.additionalProperties);
  }
  if (schema.type === 'array') return isPlain(schema.items);
  return false;
}

/** A fresh value for a new row or a missing property. */
function blank(schema: JsonSchema | undefined): unknown {
  if (!schema) return '';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'object':
      return {};
    case 'array':
      return [];
    default:
      return '';
  }
}

function PlainField({
  schema,
  value,
  onChange,
  label,
  testId,
}: {
  schema: JsonSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  testId: string;
}) {
  if (schema.enum)
    return (
      <select
        aria-label={label}
        value={JSON.stringify(value)}
        onChange={(event) => onChange(JSON.parse(event.target.value))}
        data-testid={testId}
      >
        {schema.enum.map((option) => (
          <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  if (schema.type === 'boolean')
    return (
      <label className="sf-switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={label}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
        />
        <span aria-hidden="true" />
      </label>
    );
  if (schema.type === 'number' || schema.type === 'integer')
    return (
      <input
        type="number"
        aria-label={label}
        value={typeof value === 'number' ? value : ''}
        min={schema.minimum}
        max={schema.maximum}
        step={schema.type === 'integer' ? 1 : 'any'}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        data-testid={testId}
      />
    );
  return (
    <input
      type="text"
      aria-label={label}
      value={typeof value === 'string' ? value : value == null ? '' : String(value)}
      maxLength={schema.maxLength}
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}

/** The fields of `value` under `schema` (see the module comment); `formable(schema)` must hold. */
export function SchemaFields({
  schema,
  value,
  onChange,
  label,
  testId = 'setting-field',
}: {
  schema: JsonSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [newKey, setNewKey] = useState('');
  if (isPlain(schema))
    return <PlainField schema={schema} value={value} onChange={onChange} label={label} testId={testId} />;
  if (schema.type === 'array') {
    const list = Array.isArray(value) ? value : [];
    return (
      <div className="sf-rows">
        {list.map((item, index) => (
          <div className="sf-row" key={index}>
            <SchemaFields
              schema={schema.items!}
              value={item}
              label={`${label} ${index + 1}`}
              testId={`${testId}-${index}`}
              onChange={(next) => onChange(list.map((v, i) => (i === index ? next : v)))}
            />
            <IconButton
              title={t('adminSettings.remove')}
              aria-label={`${t('adminSettings.remove')} ${index + 1}`}
              onClick={() => onChange(list.filter((_, i) => i !== index))}
            >
              <Trash2 size={14} />
            </IconButton>
          </div>
        ))}
        <Button
          size="sm"
          variant="ghost"
          icon={<Plus size={14} />}
          onClick={() => onChange([...list, blank(schema.items)])}
        >
          {t('adminSettings.add')}
        </Button>
      </div>
    );
  }
  const record =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  if (schema.properties)
    return (
      <div className="sf-object">
        {Object.entries(schema.properties).map(([key, sub]) => (
          <label className="pg-field sf-prop" key={key}>
            <span>
              {key}
              {sub.description && <small>{sub.description}</small>}
            </span>
            <SchemaFields
              schema={sub}
              value={record[key] ?? blank(sub)}
              label={key}
              testId={`${testId}-${key}`}
              onChange={(next) => onChange({ ...record, [key]: next })}
            />
          </label>
        ))}
      </div>
    );
  // A record: free keys, each with a plain value.
  const valueSchema = schema.additionalProperties as JsonSchema;
  const addKey = newKey.trim();
  return (
    <div className="sf-rows">
      {Object.entries(record).map(([key, item]) => (
        <div className="sf-row" key={key}>
          <code className="sf-key">{key}</code>
          <SchemaFields
            schema={valueSchema}
            value={item}
            label={key}
            testId={`${testId}-${key}`}
            onChange={(next) => onChange({ ...record, [key]: next })}
          />
          <IconButton
            title={t('adminSettings.remove')}
            aria-label={`${t('adminSettings.remove')} ${key}`}
            onClick={() => onChange(Object.fromEntries(Object.entries(record).filter(([k]) => k !== key)))}
          >
            <Trash2 size={14} />
          </IconButton>
        </div>
      ))}
      <div className="sf-row sf-row--add">
        <input
          type="text"
          value={newKey}
          placeholder={t('adminSettings.newKey')}
          aria-label={t('adminSettings.newKey')}
          maxLength={128}
          onChange={(event) => setNewKey(event.target.value)}
          data-testid={`${testId}-new-key`}
        />
        <Button
          size="sm"
          variant="ghost"
          icon={<Plus size={14} />}
          disabled={!addKey || addKey in record}
          onClick={() => {
            onChange({ ...record, [addKey]: blank(valueSchema) });
            setNewKey('');
          }}
          data-testid={`${testId}-add`}
        >
          {t('adminSettings.add')}
        </Button>
      </div>
    </div>
  );
}
