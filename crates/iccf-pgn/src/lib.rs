//! Streaming PGN reading and writing for every notation iccf understands.
