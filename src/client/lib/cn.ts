import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './merge-classes';

/** Joins class names and lets a caller's Tailwind class override a component's default. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
