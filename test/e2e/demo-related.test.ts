import { mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { seriousViolations } from './axe.js';
import {
  fillAndGenerate,
  openDemo,
  readGroups,
  readJson,
  readTable,
  rowCount,
  shownSeed,
  type FormInput,
} from './demo-page.js';
import { useDemoSite } from './demo-site.js';
import { phoneProblems } from './record-rules.js';

// Companies, households and employees (issue 49) in real Chromium: each kind's table and JSON are the Node library's
// records for the same seed, and the rows agree with each other (members share the household's address and landline,
// employees' work e-mail is on their company's domain), as a user sees them and downloads them.
const demo = useDemoSite({ openPage: true });

/** Generates in the page and waits for the status to name the result (a data file may load first). */
async function generateIn(input: FormInput): Promise<{ seed: string; json: unknown }> {
  const before = await demo.page.locator('#status').textContent();
  await fillAndGenerate(demo.page, input);
  await expect
    .poll(async () => {
      const now = await demo.page.locator('#status').textContent();
      return now !== before && /^Generated /.test(now ?? '');
    })
    .toBe(true);
  expect(await demo.page.getByRole('alert').isHidden()).toBe(true);
  return { seed: await shownSeed(demo.page), json: await readJson(demo.page) };
}

/** Clicks a download button and returns the file's name and text. */
async function download(name: string): Promise<{ file: string; text: string }> {
  const [saved] = await Promise.all([
    demo.page.waitForEvent('download'),
    demo.page.getByRole('button', { name, exact: true }).click(),
  ]);
  return { file: saved.suggestedFilename(), text: readFileSync((await saved.path())!, 'utf8') };
}

/** RFC 2606/6761 names: the only domains a company may have. */
const RESERVED = /(^|\.)(example\.(com|net|org)|[a-z0-9-]+\.(example|test))$/;

describe('related records in the demo', () => {
  it('companies: the library records, each with its e-mail and website on its own reserved domain and a local phone', async () => {
    const { seed, json } = await generateIn({ kind: 'company', count: 30, state: 'TX', seed: 'related' });
    const companies = createGenerator({ seed: 'related' }).companies({ count: 30, state: 'TX' });
    expect(seed).toBe('related');
    expect(json).toEqual({ count: 30, companies });
    const table = await readTable(demo.page);
    expect(table.map((row) => [row.name, row.ein, row.zip, row.email])).toEqual(
      companies.map((company) => [company.name, company.ein, company.zip, company.email]),
    );
    const misses = companies.flatMap((company) => [
      ...(company.state === 'TX' ? [] : [`${company.name} is in ${company.state}`]),
      ...(RESERVED.test(company.domain) ? [] : [`${company.name}'s domain ${company.domain} is not reserved`]),
      ...(company.email.endsWith(`@${company.domain}`) ? [] : [`${company.name}'s e-mail ${company.email}`]),
      ...(company.website.includes(company.domain) ? [] : [`${company.name}'s website ${company.website}`]),
      ...phoneProblems(company.phone, 'TX').map((problem) => `${company.name}: ${problem}`),
    ]);
    expect(misses).toEqual([]);
    expect(new Set(companies.map((company) => company.ein)).size).toBe(30);
    // Companies have their coordinates: a dot each on the map (Texas is inside the frame), labelled with its place.
    expect(await demo.page.locator('#map').isVisible()).toBe(true);
    const labels = await demo.page
      .locator('#map-svg circle')
      .evaluateAll((dots) => dots.map((dot) => dot.getAttribute('aria-label') ?? ''));
    expect(labels.map((label) => label.split(',')[0])).toEqual(companies.map((company) => company.name.split(',')[0]));
    expect(labels.every((label, i) => label.includes(`TX ${companies[i].zip}`))).toBe(true);
    const csv = await download('Download CSV');
    expect(csv.file).toBe('ussynth-company-related.csv');
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id)).toEqual(companies.map((company) => company.id));
    expect(rows[0]).toEqual(
      Object.fromEntries(
        Object.entries(companies[0]).map(([key, value]) => [key, value === null ? '' : String(value)]),
      ),
    );
  });

  it('households: members grouped under their household, sharing its address and landline, in two CSV tables', async () => {
    const { json } = await generateIn({ kind: 'household', count: 12, state: '', seed: 'related' });
    const households = createGenerator({ seed: 'related' }).households({ count: 12 });
    expect(json).toEqual({ count: 12, households });
    const groups = await readGroups(demo.page);
    expect(groups).toHaveLength(12);
    const misses: string[] = [];
    groups.forEach((group, i) => {
      const household = households[i];
      for (const shared of [household.line1, household.city, household.zip, household.phone])
        if (!group.heading.includes(shared)) misses.push(`household ${i + 1}'s heading lacks ${shared}`);
      if (group.rows.length !== household.size || household.members.length !== household.size)
        misses.push(`household ${i + 1} shows ${group.rows.length} of ${household.size} members`);
      household.members.forEach((member, j) => {
        const row = group.rows[j];
        if (row?.name !== member.name || row.relationship !== member.relationship)
          misses.push(`household ${i + 1} row ${j + 1} is not ${member.name}`);
        if (member.householdId !== household.id) misses.push(`${member.name} has another householdId`);
        for (const key of ['street', 'city', 'state', 'zip'] as const)
          if (member[key] !== household[key])
            misses.push(`${member.name}'s ${key} ${member[key]} is not the household's`);
      });
    });
    expect(misses).toEqual([]);
    expect(await demo.page.locator('#results-table caption').textContent()).toBe(
      `12 households (${households.reduce((n, h) => n + h.size, 0)} people) in any state, seed related`,
    );

    const parents = await download('Download households CSV');
    const people = await download('Download people CSV');
    expect([parents.file, people.file]).toEqual([
      'ussynth-household-related-households.csv',
      'ussynth-household-related-people.csv',
    ]);
    const parentRows = parse(parents.text, { columns: true }) as Record<string, string>[];
    const peopleRows = parse(people.text, { columns: true }) as Record<string, string>[];
    expect(parentRows.map((row) => row.id)).toEqual(households.map((household) => household.id));
    expect(parentRows.every((row) => !('members' in row))).toBe(true);
    // Every person row's foreign key is a household of the other file, in order.
    expect(peopleRows.map((row) => row.householdId)).toEqual(
      households.flatMap((household) => household.members.map(() => household.id)),
    );
    expect(await seriousViolations(demo.page), 'the grouped table').toEqual([]);
    mkdirSync('test-results', { recursive: true });
    await demo.page.screenshot({ path: 'test-results/demo-households.png', fullPage: true });
  });

  it('employees of a company: the library records, on the company domain, each address unique by e-mail', async () => {
    const node = createGenerator({ seed: 'related' });
    // The first company of the stream with at least 15 people, so the page shows a full count.
    const company = Array.from({ length: 200 }, (_, i) => i).find((i) => node.companyAt(i).employees >= 15)!;
    const { json } = await generateIn({ kind: 'employee', company, count: 15, state: '', seed: 'related' });
    const employer = createGenerator({ seed: 'related' }).companyAt(company);
    const employees = createGenerator({ seed: 'related' }).employees({ company, count: 15 });
    expect(json).toEqual({ count: 15, company: employer, employees });
    const table = await readTable(demo.page);
    expect(table.map((row) => [row.name, row.email, row.zip])).toEqual(
      employees.map((employee) => [employee.name, employee.email, employee.zip]),
    );
    const misses = employees.flatMap((employee) => [
      ...(employee.email.endsWith(`@${employer.domain}`) ? [] : [`${employee.name}'s e-mail ${employee.email}`]),
      ...(employee.companyId === employer.id ? [] : [`${employee.name} works for ${employee.companyId}`]),
      ...phoneProblems(employee.phone, employee.state).map((problem) => `${employee.name}: ${problem}`),
    ]);
    expect(misses).toEqual([]);
    expect(new Set(employees.map((employee) => employee.email)).size).toBe(15);
    expect(await demo.page.locator('#results-table caption').textContent()).toBe(
      `15 employees of company ${company} in any state: ${employer.name}, ${employer.domain}, headcount ${employer.employees}, seed related`,
    );
    const companyFile = await download('Download company CSV');
    const employeeFile = await download('Download employees CSV');
    expect(companyFile.file).toBe('ussynth-employee-related-companies.csv');
    expect((parse(companyFile.text, { columns: true }) as Record<string, string>[]).map((row) => row.id)).toEqual([
      employer.id,
    ]);
    const rows = parse(employeeFile.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.companyId, row.email])).toEqual(
      employees.map((employee) => [employer.id, employee.email]),
    );
  });

  it('cuts employees at the headcount and refuses a bad company index naming the box', async () => {
    const node = createGenerator({ seed: 'related' });
    const small = Array.from({ length: 200 }, (_, i) => i).find((i) => node.companyAt(i).employees < 10)!;
    const headcount = node.companyAt(small).employees;
    const { json } = await generateIn({ kind: 'employee', company: small, count: 10, state: '', seed: 'related' });
    expect((json as { employees: unknown[] }).employees).toHaveLength(headcount);

    await fillAndGenerate(demo.page, { kind: 'employee', company: '1.5', count: 5, state: '', seed: 'related' });
    const alert = demo.page.locator('#alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Company must be a whole number from 0 to 9007199254740991, got "1.5".');
    expect(await demo.page.locator('#company').getAttribute('aria-invalid')).toBe('true');
  });

  it('counts a company and an employee as 1 record and a household as 3', async () => {
    const headcount = (() => {
      const node = createGenerator({ seed: 'related' });
      return node.companyAt(Array.from({ length: 200 }, (_, i) => i).find((i) => node.companyAt(i).employees < 10)!)
        .employees;
    })();
    const used = 30 + 12 * 3 + 15 + headcount;
    expect(await demo.page.locator('#counter').textContent()).toBe(
      `${used} of 1000 free records used since this page loaded; ${1000 - used} left.`,
    );
  });

  it("fetched each related kind's data file once, from the page's own folder only", () => {
    const gets = demo.server.requests.map((request) => request.replace(/\?.*$/, ''));
    for (const file of ['ussynth-companies.json', 'ussynth-households.json', 'ussynth-titles.json'])
      expect(
        gets.filter((request) => request === `GET /${file}`),
        file,
      ).toHaveLength(1);
    expect(gets.filter((request) => !/^GET \/[\w.-]*$/.test(request))).toEqual([]);
  });
});

describe('the free tier with households', () => {
  it('trims households to whole ones that fit (3 records each) and refuses when fewer than 3 remain', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    await fillAndGenerate(page, { kind: 'batch', count: 995, seed: 'tier' });
    await expect.poll(() => rowCount(page)).toBe(995);
    await fillAndGenerate(page, { kind: 'household', count: 3, state: '', seed: 'tier' });
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Generated 1 household /);
    expect(await page.getByRole('alert').textContent()).toBe(
      'Trimmed to 1 of the 3 households requested (each counts as 3 records): the free browser demo allows 1000 ' +
        'records per page load and only 5 remained. Reload the page or use the ussynth API for more.',
    );
    expect(await readJson(page)).toEqual({
      count: 1,
      households: createGenerator({ seed: 'tier' }).households({ count: 1 }),
    });
    expect(await page.locator('#counter').textContent()).toBe(
      '998 of 1000 free records used since this page loaded; 2 left.',
    );
    await fillAndGenerate(page, { kind: 'household', count: 1, state: '', seed: 'tier-2' });
    await expect
      .poll(() => page.locator('#status').textContent())
      .toBe('Refused: 1 household requested, too few left in the free tier.');
    expect(await page.getByRole('alert').textContent()).toBe(
      'Free-tier limit reached: a household counts as 3 records and only 2 of the 1000 this page may generate ' +
        'remain. Reload the page to start again, or use the ussynth API (paid tier) for more.',
    );
    // The two records left still make companies.
    await fillAndGenerate(page, { kind: 'company', count: 5, state: '', seed: 'tier' });
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Generated 2 companies /);
    expect(await page.locator('#counter').textContent()).toContain('1000 of 1000 free records used');
    await context.close();
  });
});
