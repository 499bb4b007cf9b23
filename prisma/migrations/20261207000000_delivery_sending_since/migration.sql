-- A delivery's request written to its receiver whose answer is not recorded yet (issue 23). A worker that stops
-- (kill -9, crash) between writing the request and recording the answer leaves it set; the worker that claims the
-- delivery next knows the receiver has the message and records it as sent instead of sending it a second time.
ALTER TABLE deliveries ADD COLUMN sending_since timestamptz(6);
