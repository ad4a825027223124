// Types of the identifier validators the tests run (dev dependencies that ship none; test/identifiers/).

declare module 'ssn-validator' {
  export function isValid(value: string): boolean;
}

declare module 'is-valid-ssn' {
  export default function isValidSsn(value: string): boolean;
}

declare module 'bank-routing-number-validator' {
  const validator: { ABARoutingNumberIsValid(routingNumber: string): boolean };
  export default validator;
}

declare module 'luhn' {
  const luhn: { validate(value: string): boolean };
  export default luhn;
}

// Third-party validators the identifier tests check against; the packages ship no types of their own.
declare module 'vin-validator' {
  export function validate(vin: string): boolean;
}
declare module 'usdl-regex' {
  export function isValid(state: string, number: string): boolean;
}
