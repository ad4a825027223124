/**
 * A person who works for a company: lives within commuting distance of it,
 * has a job title of its sector and a work e-mail at its domain
 * (docs/related-records.md, "Employees").
 * @example gen.employeeAt(0, 0) // { id: '…', companyId: '…', title: 'Line Cook', name: 'Maria Garcia', …, email: 'maria.garcia@lakeside-grill.example' }
 */
export interface Employee {
  /** UUID of the employee (from the seed, the company's stream and index, and the employee's index). */
  id: string;
  /** The company's `id`. */
  companyId: string;
  /** Job title, from the occupations of the company's NAICS sector. */
  title: string;
  name: string;
  firstName: string;
  lastName: string;
  /** 'F' or 'M'. */
  sex: 'F' | 'M';
  /** YYYY-MM-DD: 18 to 69 years old on the birth index's reference date. */
  birthDate: string;
  /** Home street (with its unit, if any). */
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Mobile phone, local to the home ZIP. */
  phone: string;
  /** Work e-mail: first.last at the company's domain, unique within the company. */
  email: string;
  country: string;
}

/**
 * Options of `employeeAt`: the companies stream the company is drawn from.
 * @example gen.employeeAt(12, 3, { state: 'TX' }) // employee 3 of company 12 of the Texas companies stream
 */
export interface EmployeeOptions {
  /** The company's stream (as `companyAt`'s `state`); default: the default draw. */
  state?: string;
}

/**
 * Options of `employees`: a page of one company's employees.
 * @example gen.employees({ company: 12, count: 100 }) // employees 0..99 (fewer if the company is smaller)
 */
export interface EmployeesOptions extends EmployeeOptions {
  /** The company's index in its stream. */
  company: number;
  /** How many employees, 0..MAX_PAGE; cut at the company's headcount. */
  count: number;
  /** First employee index (default 0). */
  start?: number;
}
