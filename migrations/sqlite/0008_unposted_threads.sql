-- Issue 33: the start-up reads the threads of the matches whose end the
-- adapter has not posted (Db::match_threads), not every match ever played;
-- this partial index holds just those rows, so the read is proportional to
-- what is running.
CREATE INDEX match_threads_unposted ON match_threads(match_id) WHERE finished = 0;
