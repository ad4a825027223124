import { fakerEN_US } from '@faker-js/faker';
import type { Address } from '../src/index.js';

/**
 * The peer's record in every generator benchmark: @faker-js/faker building
 * the same eight fields as a ussynth address (the e-mail from the same names,
 * on a reserved domain, as `exampleEmail` does).
 * @example keep(fakerAddress())
 */
export function fakerAddress(): Address {
  const firstName = fakerEN_US.person.firstName();
  const lastName = fakerEN_US.person.lastName();
  return {
    name: firstName + ' ' + lastName,
    street: fakerEN_US.location.streetAddress(),
    city: fakerEN_US.location.city(),
    state: fakerEN_US.location.state({ abbreviated: true }),
    zip: fakerEN_US.location.zipCode('#####'),
    phone: fakerEN_US.phone.number({ style: 'national' }),
    email: fakerEN_US.internet.exampleEmail({ firstName, lastName }),
    country: 'United States',
  };
}
