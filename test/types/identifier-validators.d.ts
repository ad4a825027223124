// Third-party validators the identifier tests check against; the packages ship no types of their own.
declare module 'vin-validator' {
  export function validate(vin: string): boolean;
}
declare module 'usdl-regex' {
  export function isValid(state: string, number: string): boolean;
}
