//! The `hollowdeep` binary: parses the command line and hands over to the library.

fn main() -> std::process::ExitCode {
    hollowdeep::cli::run()
}
