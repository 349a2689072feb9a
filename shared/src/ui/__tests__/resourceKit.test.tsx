import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { DataTable, Pagination, registerAreaTranslations } from '@leadsmith/shared';
import {
  ResourceFormPage,
  ResourceListPage,
  resourceSchema,
  restResource,
  toFormValues,
  toInput,
  type ResourceDefinition,
  type ResourceField,
} from '@leadsmith/shared/resource';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';

const NS = 'kittest';
const WORDS = {
  list: 'Partners',
  create: 'Create partner',
  edit: 'Edit partner',
  loadFailed: 'Could not load',
  actions: 'Actions',
  editBtn: 'Edit',
  deleteBtn: 'Delete',
  editNamed: 'Edit {{name}}',
  deleteNamed: 'Delete {{name}}',
  confirmTitle: 'Delete partner',
  confirmBody: 'Delete {{name}}?',
  yes: 'Yes',
  no: 'No',
  filters: 'Filters',
  all: 'All',
  search: 'Search',
  fields: {
    name: 'Name',
    email: 'Email',
    company: 'Company',
    referral_code: 'Referral code',
    commission_percent: 'Commission',
    active: 'Active',
    notes: 'Notes',
    notesHtml: 'Notes (HTML)',
  },
};
// The test's own words in every language (the kit takes its words from the area's namespace).
registerAreaTranslations(NS, { en: WORDS, es: WORDS, fr: WORDS, de: WORDS });

const FIELDS: ResourceField[] = [
  { name: 'name', kind: 'text', required: true, maxLength: 150, inList: true },
  { name: 'email', kind: 'email', nullable: true, maxLength: 254, inList: true },
  { name: 'company', kind: 'text', nullable: true, maxLength: 150 },
  {
    name: 'referral_code',
    kind: 'text',
    required: true,
    maxLength: 60,
    pattern: { regex: /^[A-Za-z0-9-]*$/, messageKey: 'lettersNumbersHyphens' },
    inList: true,
  },
  { name: 'commission_percent', kind: 'integer', min: 0, max: 100, inList: true },
  { name: 'active', kind: 'checkbox', inList: true },
];

const PARTNERS: ResourceDefinition = {
  ns: NS,
  texts: {
    loadFailed: 'loadFailed',
    actions: 'actions',
    edit: 'editBtn',
    delete: 'deleteBtn',
    editNamed: 'editNamed',
    deleteNamed: 'deleteNamed',
    confirmDeleteTitle: 'confirmTitle',
    confirmDeleteBody: 'confirmBody',
    yes: 'yes',
    no: 'no',
    filters: 'filters',
    all: 'all',
    search: 'search',
  },
  api: () => restResource({ base: '/api/partners', key: ['test', 'partners'], envelope: 'data' }),
  titleKey: 'list',
  createKey: 'create',
  editKey: 'edit',
  form: 'page',
  paths: { list: () => '/partners', create: () => '/partners/create', edit: (_scope, id) => `/partners/${id}/edit` },
  labelField: 'name',
  fields: FIELDS,
};

describe('list pieces', () => {
  it('pagination shows the position and moves between pages within bounds', () => {
    const onChange = jest.fn();
    renderWithProviders(<Pagination page={1} pageSize={20} total={45} onChange={onChange} />);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 3 (45 results)');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('pagination counts one result in the singular and groups digits', () => {
    const { rerender } = renderWithProviders(<Pagination page={1} pageSize={20} total={1} onChange={jest.fn()} />);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 1 (1 result)');
    rerender(<Pagination page={1} pageSize={20} total={12500} onChange={jest.fn()} />);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 625 (12,500 results)');
  });

  it('the table is labelled, renders cells through the columns, and says so when empty', () => {
    const { rerender } = renderWithProviders(
      <DataTable
        label="People"
        rows={[{ id: 1, name: 'Ada' }]}
        rowKey={(r) => r.id}
        columns={[{ key: 'name', header: 'Name', render: (r) => r.name.toUpperCase() }]}
      />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ADA' })).toBeInTheDocument();
    rerender(
      <DataTable label="People" rows={[] as { id: number; name: string }[]} rowKey={(r) => r.id} columns={[]} />,
    );
    expect(screen.getByTestId('empty-table')).toHaveTextContent('No Results Found');
  });
});

describe('resource forms from definitions', () => {
  it('new items start with checkboxes on and empty texts; the body converts numbers and empty optional texts', () => {
    const values = toFormValues(FIELDS);
    expect(values).toMatchObject({ name: '', referral_code: '', active: true });
    const body = toInput(FIELDS, {
      ...values,
      name: ' Acme ',
      referral_code: 'ACME',
      commission_percent: '12',
      email: '',
    });
    expect(body).toEqual({
      name: 'Acme',
      email: null,
      company: null,
      referral_code: 'ACME',
      commission_percent: 12,
      active: true,
    });
  });

  it('validates required, integer range and pattern fields', async () => {
    const schema = resourceSchema(FIELDS);
    await expect(schema.validate({ ...toFormValues(FIELDS), name: 'A', referral_code: 'has space' })).rejects.toThrow();
    await expect(
      schema.validate({ ...toFormValues(FIELDS), name: 'A', referral_code: 'OK-1', commission_percent: '101' }),
    ).rejects.toThrow();
    await expect(
      schema.validate({ ...toFormValues(FIELDS), name: 'A', referral_code: 'OK-1', commission_percent: '-1' }),
    ).rejects.toThrow('Minimum number is 0');
    await expect(
      schema.validate({ ...toFormValues(FIELDS), name: 'A', referral_code: 'OK-1', commission_percent: '100' }),
    ).resolves.toBeTruthy();
    await expect(schema.validate(toFormValues(FIELDS))).rejects.toThrow();
  });

  it('a write-only field starts empty when editing; an item without a value starts from the field initial only when new', () => {
    const fields: ResourceField[] = [
      { name: 'secret', kind: 'text', writeOnly: true },
      { name: 'position', kind: 'integer', initial: '0' },
      { name: 'events', kind: 'checkboxes', options: ['a', 'b'], required: true },
    ];
    expect(toFormValues(fields)).toEqual({ secret: '', position: '0', events: [] });
    expect(toFormValues(fields, { id: 1, secret: 'kept', position: 4, events: ['b'] })).toEqual({
      secret: '',
      position: '4',
      events: ['b'],
    });
  });
});

describe('resource screens', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  const screens = (
    <Routes>
      <Route path="/partners" element={<ResourceListPage def={PARTNERS} />} />
      <Route path="/partners/create" element={<ResourceFormPage def={PARTNERS} mode="create" />} />
      <Route path="/partners/:id/edit" element={<ResourceFormPage def={PARTNERS} mode="edit" />} />
    </Routes>
  );

  it('lists a page of rows, deletes one after a confirmation, and reloads the list', async () => {
    let rows = [{ id: 7, name: 'Ada', email: null, referral_code: 'ADA', commission_percent: 1500, active: false }];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/partners')
        return { status: 200, body: { data: rows, currentPage: 1, pageSize: 20, total: rows.length } };
      if (call.method === 'DELETE' && call.url === '/api/partners/7') {
        rows = [];
        return { status: 204, body: '' };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(screens, { route: '/partners' });
    const row = await screen.findByRole('row', { name: /Ada/ });
    expect(row).toHaveTextContent('—');
    expect(row).toHaveTextContent('1,500');
    expect(row).toHaveTextContent('No');
    expect(within(row).getByRole('link', { name: 'Edit Ada' })).toHaveAttribute('href', '/partners/7/edit');
    expect(screen.getByRole('link', { name: 'Create partner' })).toHaveAttribute('href', '/partners/create');
    await user.click(within(row).getByRole('button', { name: 'Delete Ada' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete Ada?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('empty-table')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'GET')?.params).toEqual({ page: 1, pageSize: 20 });
  });

  it('edits an item: loads it into the form, puts a refused field on that field, saves and goes back to the list', async () => {
    const saved: unknown[] = [];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/partners/3')
        return {
          status: 200,
          body: {
            id: 3,
            name: 'Bo',
            email: 'bo@x.test',
            company: null,
            referral_code: 'BO',
            commission_percent: 5,
            active: true,
          },
        };
      if (call.method === 'GET' && call.url === '/api/partners')
        return { status: 200, body: { data: [], currentPage: 1, pageSize: 20, total: 0 } };
      if (call.method === 'PUT' && call.url === '/api/partners/3') {
        saved.push(call.body);
        if (saved.length === 1)
          return {
            status: 422,
            body: { code: 'taken', field: 'referral_code', message: 'This referral code is taken' },
          };
        return { status: 200, body: { data: { id: 3, ...(call.body as object) } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(screens, { route: '/partners/3/edit' });
    const form = await screen.findByRole('form', { name: 'Edit partner' });
    expect(within(form).getByLabelText('Email')).toHaveValue('bo@x.test');
    await user.clear(within(form).getByLabelText('Company'));
    await user.type(within(form).getByLabelText('Company'), ' Bo & Co ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This referral code is taken')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Referral code'));
    await user.type(within(form).getByLabelText('Referral code'), 'BO-2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('empty-table')).toBeInTheDocument());
    expect(saved[1]).toEqual({
      name: 'Bo',
      email: 'bo@x.test',
      company: 'Bo & Co',
      referral_code: 'BO-2',
      commission_percent: 5,
      active: true,
    });
  });

  it('a rich-text field is edited in the shared rich-text field: the editor and its HTML view edit the value saved', async () => {
    const withNotes: ResourceDefinition = {
      ...PARTNERS,
      fields: [...FIELDS, { name: 'notes', kind: 'richtext', nullable: true, maxLength: 20_000 }],
    };
    const saved: unknown[] = [];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/partners/4')
        return {
          status: 200,
          body: {
            id: 4,
            name: 'Cy',
            email: null,
            company: null,
            referral_code: 'CY',
            commission_percent: 0,
            active: true,
            notes: '<p>Call <strong>Monday</strong></p>',
          },
        };
      if (call.method === 'GET' && call.url === '/api/partners')
        return { status: 200, body: { data: [], currentPage: 1, pageSize: 20, total: 0 } };
      if (call.method === 'PUT' && call.url === '/api/partners/4') {
        saved.push(call.body);
        return { status: 200, body: { data: { id: 4, ...(call.body as object) } } };
      }
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/partners" element={<ResourceListPage def={withNotes} />} />
        <Route path="/partners/:id/edit" element={<ResourceFormPage def={withNotes} mode="edit" />} />
      </Routes>,
      { route: '/partners/4/edit' },
    );
    const editor = await screen.findByRole('textbox', { name: 'Notes' });
    await waitFor(() => expect(editor).toHaveTextContent('Call Monday'));
    expect(within(editor).getByText('Monday').tagName).toBe('STRONG');
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    fireEvent.change(screen.getByLabelText('Notes (HTML)'), {
      target: { value: '<h2>Plan</h2><p>Call <em>Tuesday</em></p>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Editor' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveTextContent('PlanCall Tuesday'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'Cy', notes: '<h2>Plan</h2><p>Call <em>Tuesday</em></p>' });
  });
});
