/**
 * Applies property decorators so that they run in the order listed. Stacked `@` decorators
 * register bottom-up, and with stopAtFirstError class-validator reports the first registered rule
 * that fails, so a stack would show 'wrong format' for an empty field instead of 'required'.
 */
export type FieldDecorator = (target: object, propertyName: string) => void;

export function Rules(...decorators: FieldDecorator[]): FieldDecorator {
  return (target, propertyName) => {
    for (const decorator of decorators) decorator(target, propertyName);
  };
}
