var version = "2.5.0";

export { version };
