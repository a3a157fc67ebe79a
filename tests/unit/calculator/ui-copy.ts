// The calculator's words as the site builds them: src/content/calculator-ui/ui.yaml, checked by its schema.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { calculatorUiSchema } from '../../../src/content/_schemas/calculator-ui.ts';

export const UI = calculatorUiSchema.parse(parse(readFileSync('src/content/calculator-ui/ui.yaml', 'utf8')));
