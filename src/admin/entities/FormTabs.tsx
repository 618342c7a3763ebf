/**
 * The tabs of a long schema form (the entity's `formTabs`): the fields without a tab above them,
 * then one tab per section holding its fields. Every tab's fields stay mounted, so the whole form
 * validates and saves at once; the URL keeps the open tab (`?tab=`), so reloading or sharing the
 * page lands on it. A tab holding an invalid field, or a required one still empty, says so in its
 * label. `useFormTabs().showField` opens a field's tab and focuses it; the panels above the form
 * (FormTabsHost around it) reach it too.
 *
 * The panels a screen adds to a tab (lists with their own forms and buttons) are not part of the
 * form: FormTabPanels shows the open tab's under it, outside the <form>, once the tab is visited.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { unfilledFields, type EntitySchema } from '../../../schemas/entity.ts';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px',
} as const;

/** Query parameter of the open tab. */
export const TAB_PARAM = 'tab';

export interface FormTab {
  name: string;
  /** The tab's schema fields, in form order, with their element. */
  fields: { name: string; element: ReactNode }[];
  /** What the screen adds under the fields (and under the form). */
  panel?: ReactNode;
}

/** The open tab among `tabs` (the URL's, else the first) and the way to open another. */
function useActiveTab(tabs: readonly FormTab[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const active = tabs.some((tab) => tab.name === asked) ? asked! : tabs[0]?.name;
  const open = useCallback(
    (tab: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(TAB_PARAM, tab);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { active, open, params };
}

const tabId = (resource: string, tab: string) => `${resource}-tab-${tab}`;
const panelId = (resource: string, tab: string) => `${resource}-tabpanel-${tab}`;

interface FormTabsValue {
  /** The tab holding a field, if any. */
  tabOf: (name: string) => string | undefined;
  /** The address of a field's tab (the current page with `?tab=`). */
  hrefOf: (name: string) => string;
  /** Opens the field's tab and puts the focus in its input. */
  showField: (name: string) => void;
}

const FormTabsContext = createContext<FormTabsValue | null>(null);

/** The tabs of the form around, or null for a form without tabs. */
export const useFormTabs = () => useContext(FormTabsContext);

const FormTabsPublisher = createContext<((value: FormTabsValue | null) => void) | null>(null);

/** Lets what surrounds a form (the panels above it) reach the tabs of the form inside. */
export function FormTabsHost({ children }: { children: ReactNode }) {
  const [value, setValue] = useState<FormTabsValue | null>(null);
  return (
    <FormTabsPublisher.Provider value={setValue}>
      <FormTabsContext.Provider value={value}>{children}</FormTabsContext.Provider>
    </FormTabsPublisher.Provider>
  );
}

/** What takes the focus in a field: its first control a keyboard reaches. */
const FOCUSABLE = [
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]):not([aria-hidden="true"])',
  'textarea:not([disabled]):not([tabindex="-1"])',
  '[role="combobox"]:not([tabindex="-1"])',
  'button:not([disabled]):not([tabindex="-1"])',
  'a[href]',
  '[tabindex="0"]',
].join(', ');

/** How many fields of each tab are invalid or required and empty. */
function useTabIssues(entity: EntitySchema, tabs: FormTab[]): Map<string, number> {
  const { errors } = useFormState();
  const values = useWatch() as Record<string, unknown>;
  return useMemo(() => {
    const unfilled = new Set<string>(unfilledFields(entity, values ?? {}));
    return new Map(tabs.map((tab) => [tab.name, tab.fields.filter(({ name }) => errors[name] !== undefined || unfilled.has(name)).length]));
  }, [entity, tabs, errors, values]);
}

export function FormTabs({ entity, top, tabs }: { entity: EntitySchema; top: ReactNode; tabs: FormTab[] }) {
  const translate = useTranslate();
  const { active, open, params } = useActiveTab(tabs);
  const issues = useTabIssues(entity, tabs);
  const panels = useRef(new Map<string, HTMLElement | null>());
  const [focusing, setFocusing] = useState<string | null>(null);

  // A field's tab; a tab's own name (resources, contacts) leads to it.
  const tabOfField = useMemo(
    () => new Map([...tabs.map((tab) => [tab.name, tab.name] as const), ...tabs.flatMap((tab) => tab.fields.map(({ name }) => [name, tab.name] as const))]),
    [tabs],
  );
  const value = useMemo<FormTabsValue>(
    () => ({
      tabOf: (name) => tabOfField.get(name),
      hrefOf: (name) => {
        const next = new URLSearchParams(params);
        next.set(TAB_PARAM, tabOfField.get(name) ?? active ?? '');
        return `?${next.toString()}`;
      },
      showField: (name) => {
        const tab = tabOfField.get(name);
        if (tab) open(tab);
        setFocusing(name);
      },
    }),
    [tabOfField, params, active, open],
  );
  const publish = useContext(FormTabsPublisher);
  useEffect(() => {
    publish?.(value);
    return () => publish?.(null);
  }, [publish, value]);

  // Once the field's tab shows, its first input takes the focus.
  useEffect(() => {
    if (!focusing) return;
    const tab = tabOfField.get(focusing);
    // The address changes after this render: wait for the field's tab to show.
    if (tab && tab !== active) return;
    const panel = tab ? panels.current.get(tab) : document;
    const input = panel?.querySelector(`[data-field="${CSS.escape(focusing)}"]`)?.querySelector<HTMLElement>(FOCUSABLE);
    input?.focus();
    input?.scrollIntoView?.({ block: 'center' });
    setFocusing(null);
  }, [focusing, active, tabOfField]);

  const label = (name: string) => translate(`resources.${entity.resource}.tabs.${name}`);
  return (
    <FormTabsContext.Provider value={value}>
      <Stack sx={{ width: '100%', alignItems: 'flex-start' }}>
        {top}
      </Stack>
      <Box sx={{ width: '100%', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={active}
          onChange={(_, tab: string) => open(tab)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate(`resources.${entity.resource}.tabs.label`)}
        >
          {tabs.map((tab) => {
            const count = issues.get(tab.name) ?? 0;
            return (
              <Tab
                key={tab.name}
                value={tab.name}
                id={tabId(entity.resource, tab.name)}
                aria-controls={panelId(entity.resource, tab.name)}
                iconPosition="end"
                icon={count > 0 ? <ErrorOutlineIcon fontSize="small" color="error" aria-hidden /> : undefined}
                label={
                  count > 0 ? (
                    <>
                      <span aria-hidden>{label(tab.name)}</span>
                      <Box component="span" sx={visuallyHidden}>
                        {translate('publish.form.tabIssues', { tab: label(tab.name), smart_count: count })}
                      </Box>
                    </>
                  ) : (
                    label(tab.name)
                  )
                }
                sx={{ minHeight: 48 }}
              />
            );
          })}
        </Tabs>
      </Box>
      {tabs.map((tab) => (
        <Stack
          key={tab.name}
          role="tabpanel"
          id={panelId(entity.resource, tab.name)}
          aria-labelledby={tabId(entity.resource, tab.name)}
          hidden={tab.name !== active}
          ref={(element: HTMLElement | null) => {
            panels.current.set(tab.name, element);
          }}
          sx={{ width: '100%', alignItems: 'flex-start', pt: 2, '&[hidden]': { display: 'none' } }}
        >
          {tab.fields.map(({ name, element }) => (
            <Box key={name} data-field={name} sx={{ width: '100%' }}>
              {element}
            </Box>
          ))}
        </Stack>
      ))}
    </FormTabsContext.Provider>
  );
}

/** The open tab's panels, under the form; a panel stays mounted once its tab was opened. */
export function FormTabPanels({ tabs }: { tabs: FormTab[] }) {
  const { active } = useActiveTab(tabs);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(active ? [active] : []));
  useEffect(() => {
    if (active && !visited.has(active)) setVisited(new Set([...visited, active]));
  }, [active, visited]);
  return (
    <>
      {tabs.map(
        (tab) =>
          tab.panel &&
          (visited.has(tab.name) || tab.name === active) && (
            // The panels name themselves (their own headings and regions).
            <Box
              key={tab.name}
              hidden={tab.name !== active}
              sx={{ '&[hidden]': { display: 'none' } }}
            >
              {tab.panel}
            </Box>
          ),
      )}
    </>
  );
}
