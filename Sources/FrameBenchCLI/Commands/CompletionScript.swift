/// Completion scripts for bash, zsh and fish, written from the declarations
/// (`CompletedCommand.all`): commands (`baseline save|list|show` as a word
/// and a sub-word), each command's options, the choices of `a|b|c` values,
/// files for FILE/DIR/PATH values, scenario names for SCENARIO arguments.
enum CompletionScript {
    static func text(for shell: ShellSupport.Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The words typed for a command: `["baseline", "save"]`.
    static func words(_ command: CompletedCommand) -> [String] {
        command.name.split(separator: " ").map(String.init)
    }

    static var topLevel: [String] {
        var seen: [String] = []
        for command in CompletedCommand.all where !seen.contains(words(command)[0]) { seen.append(words(command)[0]) }
        return seen + ["help"]
    }

    // MARK: bash

    static var bash: String {
        let cases = CompletedCommand.all.map(bashCase)
        return """
            # bash completion for framebench (made by `framebench completions bash`)
            # Load it: source <(framebench completions bash), or save it as
            # ~/.local/share/bash-completion/completions/framebench
            _framebench() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                local scenarios='\(CompletedCommand.scenarios.joined(separator: " "))'
                local command="" i word skip=0
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    if ((skip)); then skip=0; continue; fi
                    case $word in
                        --package-path) [ -z "$command" ] && skip=1 ;;
                        -*) ;;
                        *) if [ -z "$command" ]; then command=$word
                           elif [ "$command" = baseline ]; then command="baseline $word"; fi ;;
                    esac
                done
                case $command in
                    "")
                        if [[ $prev == --package-path ]]; then COMPREPLY=($(compgen -d -- "$cur")); return; fi
                        COMPREPLY=($(compgen -W '\(topLevel.joined(separator: " ")) --help --version --package-path' -- "$cur")) ;;
                    baseline) COMPREPLY=($(compgen -W 'save list show' -- "$cur")) ;;
                    help) COMPREPLY=($(compgen -W '\(topLevel.filter { $0 != "help" }.joined(separator: " "))' -- "$cur")) ;;
            \(cases.joined(separator: "\n"))
                esac
            }
            complete -F _framebench framebench

            """
    }

    /// One command's arm of the bash function: its options' values, then its options or positionals.
    static func bashCase(_ command: CompletedCommand) -> String {
        let options = command.options.map { "--" + $0.name }.joined(separator: " ")
        var values: [String] = []
        for option in command.options where option.takesValue {
            let action: String
            if let choices = option.choices {
                action = "COMPREPLY=($(compgen -W '\(choices.joined(separator: " "))' -- \"$cur\"))"
            } else if option.takesPath {
                action = option.takesDirectory
                    ? "COMPREPLY=($(compgen -d -- \"$cur\"))" : "COMPREPLY=($(compgen -f -- \"$cur\"))"
            } else {
                action = "COMPREPLY=()"
            }
            values.append("            --\(option.name)) \(action); return ;;")
        }
        let positional = command.takesScenarios
            ? "COMPREPLY=($(compgen -W \"$scenarios\" -- \"$cur\"))" : "COMPREPLY=()"
        return """
                "\(command.name)")
                    case "$prev" in
            \(values.joined(separator: "\n"))
                    esac
                    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(options)' -- "$cur")); else \(positional); fi
                    ;;
            """
    }

    // MARK: zsh

    static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            .replacingOccurrences(of: ":", with: "\\:")
    }

    static func zshSpec(_ option: OptionDeclaration) -> String {
        let help = zshQuoted(option.help)
        guard let value = option.value else { return "'--\(option.name)[\(help)]'" }
        let action: String
        if let choices = option.choices {
            action = "(\(choices.joined(separator: " ")))"
        } else if option.takesPath {
            action = option.takesDirectory ? "_files -/" : "_files"
        } else {
            action = " "
        }
        return "'--\(option.name)[\(help)]:\(zshQuoted(value)):\(action)'"
    }

    static var zsh: String {
        let commands = CompletedCommand.all
        let described = topLevel.filter { $0 != "baseline" && $0 != "help" }.map { word in
            let summary = commands.first { $0.name == word }?.summary ?? ""
            return "'\(word):\(zshQuoted(summary))'"
        } + ["'baseline:save, list or show stored baselines'", "'help:a command'\\''s help'"]
        var cases: [String] = []
        for command in commands {
            // The same option may be declared twice for different commands; zsh wants it once.
            var seen = Set<String>()
            let specs = command.options.filter { seen.insert($0.name).inserted }.map(zshSpec)
                + (command.takesScenarios ? ["'*:scenario:(\(CompletedCommand.scenarios.joined(separator: " ")))'"] : [])
            cases.append("        '\(command.name)') _arguments \\\n            \(specs.joined(separator: " \\\n            ")) ;;")
        }
        return """
            #compdef framebench
            # zsh completion for framebench (made by `framebench completions zsh`)
            # Load it: save it as _framebench in a folder of $fpath, then compinit.
            _framebench() {
                local context state state_descr line
                typeset -A opt_args
                local -a commands
                commands=(\(described.joined(separator: " ")))
                _arguments -C '--version[the version]' '--help[the help]' '--package-path[the package]:DIR:_files -/' \\
                    '1: :->command' '*:: :->arguments'
                case $state in
                    command) _describe -t commands 'framebench command' commands; return ;;
                esac
                local command=${words[1]}
                if [[ $command == baseline ]]; then
                    if (( CURRENT == 2 )); then _values 'baseline command' save list show; return; fi
                    command="baseline ${words[2]}"
                    shift words; (( CURRENT-- ))
                fi
                case $command in
                    help) _describe -t commands 'framebench command' commands ;;
            \(cases.joined(separator: "\n"))
                esac
            }
            _framebench "$@"

            """
    }

    // MARK: fish

    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static var fish: String {
        let commands = CompletedCommand.all
        var lines = [
            "# fish completion for framebench (made by `framebench completions fish`)",
            "# Load it: framebench completions fish > ~/.config/fish/completions/framebench.fish",
            "complete -c framebench -f",
            "complete -c framebench -n __fish_use_subcommand -l version -d 'the version'",
            "complete -c framebench -n __fish_use_subcommand -l package-path -x -a '(__fish_complete_directories)' -d 'the package'",
        ]
        for word in topLevel {
            let summary = word == "baseline" ? "save, list or show stored baselines"
                : word == "help" ? "a command's help" : commands.first { $0.name == word }?.summary ?? ""
            lines.append("complete -c framebench -n __fish_use_subcommand -a \(word) -d \(fishQuoted(summary))")
        }
        lines.append(
            "complete -c framebench -n '__fish_seen_subcommand_from baseline; and not __fish_seen_subcommand_from save list show' -a 'save list show'")
        for command in commands {
            let words = words(command)
            let condition = words.count == 1
                ? "__fish_seen_subcommand_from \(words[0])"
                : "__fish_seen_subcommand_from \(words[0]); and __fish_seen_subcommand_from \(words[1])"
            var seen = Set<String>()
            for option in command.options where seen.insert(option.name).inserted {
                var line = "complete -c framebench -n \(fishQuoted(condition)) -l \(option.name)"
                if let choices = option.choices {
                    line += " -x -a \(fishQuoted(choices.joined(separator: " ")))"
                } else if option.takesPath {
                    line += option.takesDirectory ? " -x -a '(__fish_complete_directories)'" : " -r -F"
                } else if option.takesValue {
                    line += " -x"
                }
                lines.append(line + " -d \(fishQuoted(option.help))")
            }
            if command.takesScenarios {
                lines.append(
                    "complete -c framebench -n \(fishQuoted(condition)) -a \(fishQuoted(CompletedCommand.scenarios.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
