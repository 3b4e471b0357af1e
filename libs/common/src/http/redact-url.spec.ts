import { REDACTED, redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('keeps a path and an innocent query as they are', () => {
    expect(redactUrl('/calendar/events/v1/events')).toBe('/calendar/events/v1/events');
    expect(redactUrl('/de/calendar/events/v1/events?search=jazz&per_page=5&categories[]=3')).toBe(
      '/de/calendar/events/v1/events?search=jazz&per_page=5&categories[]=3',
    );
  });

  it('replaces the values of parameters that may carry secrets, however they are spelt or encoded', () => {
    expect(redactUrl('/events/5?password=hunter2&context=view')).toBe(`/events/5?password=${REDACTED}&context=view`);
    expect(redactUrl('/x?access_token=abc&API_KEY=def&_wpnonce=1a2b&%70assword=p&client_secret=s&sig=x')).toBe(
      `/x?access_token=${REDACTED}&API_KEY=${REDACTED}&_wpnonce=${REDACTED}&%70assword=${REDACTED}&client_secret=${REDACTED}&sig=${REDACTED}`,
    );
  });

  it('leaves out a query it cannot read rather than risk a secret', () => {
    expect(redactUrl('/x?%E0%A4%A=1&token=abc')).toBe(`/x?${REDACTED}`);
  });
});
