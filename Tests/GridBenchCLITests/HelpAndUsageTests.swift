import Testing

/// `--help` everywhere, and the exit codes the root help documents.
@Suite struct HelpAndUsageTests {
    @Test func rootHelpDocumentsTheExitCodes() throws {
        let result = try GridBench.run(["--help"])
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stdout.contains("USAGE: gridbench"))
        #expect(result.stdout.contains("Exit codes:"))
        for line in ["0   success", "1   fixture mismatch", "2   bad input", "64  command-line usage error", "70  internal failure"] {
            #expect(result.stdout.contains(line), "root help lacks \"\(line)\"")
        }
        for command in ["report", "run", "dump", "trace", "fixtures", "datasets"] {
            #expect(result.stdout.contains("  \(command) "), "root help lacks \(command)")
        }
    }

    @Test(arguments: [
        ["report"], ["report", "merge"], ["run"], ["dump"], ["trace"], ["trace", "generate"], ["trace", "import"],
        ["fixtures"], ["fixtures", "record"], ["fixtures", "verify"], ["datasets"], ["datasets", "list"], ["datasets", "generate"],
    ])
    func everySubcommandHasHelp(command: [String]) throws {
        let result = try GridBench.run(command + ["--help"])
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stdout.contains("USAGE: gridbench " + command.joined(separator: " ")), "\(result)")
        #expect(result.stdout.contains("OVERVIEW:"))
        #expect(result.stderr.isEmpty)
    }

    @Test func helpOfTheVerdictCommandsNamesTheirExitCodes() throws {
        #expect(try GridBench.run(["run", "--help"]).stdout.contains("Exits 1"))
        #expect(try GridBench.run(["report", "--help"]).stdout.contains("Exits 1"))
        #expect(try GridBench.run(["fixtures", "verify", "--help"]).stdout.contains("Exits 1 when a fixture disagrees with the reference, 2 when"))
    }

    /// Usage errors are told apart from bad input: 64, not 2.
    @Test(arguments: [
        ["run", "--trace", "tour-120hz"],
        ["run", "--dataset", "scale-100", "--spec", "x.json", "--trace", "tour-120hz"],
        ["run", "--dataset", "scale-100", "--trace", "tour-120hz", "--bogus"],
        ["dump"],
        ["trace", "generate", "--kind", "drag", "--out", "x.json"],
        ["frobnicate"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try GridBench.run(arguments)
        #expect(result.status == Exit.usage, "\(result)")
        #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"), "\(result)")
    }

    /// Discussions are written unwrapped and wrapped once, by ArgumentParser, at 80
    /// columns: a paragraph's lines run close to the width, none broken short mid-sentence
    /// (the ragged lines of text wrapped twice). A line under 50 characters may only end
    /// a paragraph, precede a list item or end in a colon.
    @Test(arguments: [["run"], ["report"], ["report", "merge"], ["trace", "generate"], ["fixtures"], ["conform"], ["gate"], ["gate", "record"], ["datasets", "generate"]])
    func discussionsAreWrappedOnce(command: [String]) throws {
        let result = try GridBench.run(command + ["--help"])
        #expect(result.status == Exit.success, "\(result)")
        let overview = result.stdout.components(separatedBy: "USAGE:")[0]
        let lines = overview.components(separatedBy: "\n")
        for (index, line) in lines.enumerated().dropFirst() where index + 1 < lines.count {
            let next = lines[index + 1].trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !next.isEmpty, !line.hasSuffix(":") else { continue }
            let nextIsItem = next.range(of: #"^(\d+\.? |gridbench |Exit|To see|Exits)"#, options: .regularExpression) != nil
            #expect(line.count >= 50 || nextIsItem || line.hasPrefix("  "), "\(command): a short line inside a paragraph: \"\(line)\"")
        }
    }

    /// The root help lists exit 74.
    @Test func rootHelpListsTheOutputFailure() throws {
        let result = try GridBench.run(["--help"])
        #expect(result.stdout.contains("74  output failure"), "\(result)")
    }
}
