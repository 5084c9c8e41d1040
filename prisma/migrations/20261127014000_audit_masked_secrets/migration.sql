-- Secrets never stay in the audit log in plain text (issue 30): entries written before the
-- log masked them get the same treatment the app now applies when it writes an entry.
-- Fields named like a secret keep "***"; URLs lose their user and password and the value of
-- each query parameter (a webhook's `?token=`).
UPDATE audit_events
SET changes = regexp_replace(
      regexp_replace(
        regexp_replace(
          changes::text,
          '("[A-Za-z_]*(secret|password|token|api_?key|authorization|credential)[A-Za-z_]*": )"(?:[^"\\]|\\.)*"',
          '\1"***"',
          'gi'
        ),
        '(https?://)[^/?#@"\s]+@',
        '\1***@',
        'gi'
      ),
      '([?&][^=&#"\s/]+=)[^&#"\s]*',
      '\1***',
      'g'
    )::jsonb
WHERE changes::text ~* '(secret|password|token|api_?key|authorization|credential)[A-Za-z_]*": "|https?://[^"\s]*[?@]';

UPDATE audit_events
SET entity_label = regexp_replace(
      regexp_replace(entity_label, '(https?://)[^/?#@\s]+@', '\1***@', 'gi'),
      '([?&][^=&#\s]+=)[^&#\s]*',
      '\1***',
      'g'
    )
WHERE entity_label ~* 'https?://[^\s]*[?@]';
