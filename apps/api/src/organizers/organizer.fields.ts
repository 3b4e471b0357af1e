import { Organizer } from '@app/domain';
import { fieldsOf } from '@app/posts';

const field = fieldsOf<Organizer>();

/**
 * Every field of an organizer besides those all post kinds share and its name (`organizer`), in
 * the order responses list them (README, Extending a module); all hidden on an organizer the
 * caller cannot open.
 */
export const ORGANIZER_FIELDS = {
  phone: field.text('phone', { maxLength: 64, example: '+49 30 7654321' }),
  website: field.url('website', { maxLength: 2048, example: 'https://jazz-society.example.org' }),
  email: field.email('email', { maxLength: 255, example: 'tickets@jazz-society.example.org' }),
};
