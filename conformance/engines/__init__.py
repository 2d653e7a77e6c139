"""Engine adapters: the protocol, transports, and engine specs."""
