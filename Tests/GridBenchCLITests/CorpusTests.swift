import Foundation
import Testing

/// The bad-input corpus (Tests/Corpus, written by make-corpus.py): hundreds of malformed
/// files for every reader (specs of each layout, traces, scroll-log CSVs, plans, replay
/// fixtures, results, conformance queries and answers) and every class of malformation (unknown, misspelt
/// and repeated keys, values of the wrong type, numbers no field holds, syntax errors).
/// Each is read by the command that reads it, through the built binary: exit 2, and a
/// message that names the file and the field (or the line and column). Issue 27's findings
/// (cases/findings/) add usage errors (64) and inputs that must be accepted (0).
@Suite struct CorpusTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var file: String
        var arguments: [String]
        var expect: String
        /// The exit expected, when not bad input's 2: 64 for a usage error, 0 for input
        /// that must be accepted (issue 27's findings), whose `expect` is then looked for
        /// on standard output.
        var status: Int32?
        /// `false` when the message names no file (a usage error, an unknown trace name).
        var namesFile: Bool?

        var testDescription: String { file }
    }

    static let corpus = GridBench.root.appendingPathComponent("Tests/Corpus")

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: corpus.appendingPathComponent("manifest.json")),
              let cases = try? JSONDecoder().decode([Case].self, from: data)
        else { return [] }
        return cases
    }()

    /// Issue 27's findings each have a case.
    @Test func theFindingsAreThere() {
        let findings = Self.cases.filter { $0.file.hasPrefix("cases/findings/") }
        #expect(findings.count >= 11)
        #expect(findings.contains { $0.status == Exit.usage })
        #expect(findings.contains { $0.status == Exit.success })
    }

    @Test func theCorpusIsThere() {
        // 8 readers; every one has cases of every class.
        #expect(Self.cases.count >= 600)
        #expect(Self.cases.filter { $0.file.hasPrefix("cases/csv/") }.count >= 20)
        for reader in ["spec-tile-grid", "spec-data-grid", "trace", "plan", "replay-fixture", "results", "queries", "answers"] {
            for kind in ["unknown", "misspelt", "duplicate", "type", "toolarge", "syntax"] {
                #expect(Self.cases.contains { $0.file.hasPrefix("cases/\(reader)/") && $0.file.contains(kind) }, "\(reader): no \(kind) case")
            }
        }
    }

    @Test(arguments: cases)
    func badInputIsRefusedNamingFileAndField(_ item: Case) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = Self.corpus.appendingPathComponent(item.file).path
        let arguments = item.arguments.map {
            $0.replacingOccurrences(of: "FILE", with: file)
                .replacingOccurrences(of: "BASE/", with: Self.corpus.appendingPathComponent("base").path + "/")
                .replacingOccurrences(of: "OUT", with: scratch.path("out"))
        }
        let result = try GridBench.run(arguments)
        #expect(result.status == item.status ?? Exit.badInput, "\(item.file): \(result)")
        if item.status == nil, item.namesFile ?? true {
            #expect(result.stderr.contains("gridbench: error: \(file): "), "\(item.file): \(result)")
        }
        let stream = item.status == Exit.success ? result.stdout : result.stderr
        #expect(stream.contains(item.expect), "\(item.file): expected \"\(item.expect)\" in \(result)")
        #expect(!scratch.exists("out"), "\(item.file)")
    }
}
