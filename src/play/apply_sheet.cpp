// Placeholder: this op is not implemented yet; every command of it is refused not-configured.
#include "play/apply_ops.hpp"

namespace rk::play::detail {

Outcome apply_sheet_op(const Ruleset& ruleset, Character& character, const Command& command) {
  (void)ruleset;
  (void)character;
  (void)command;
  return Outcome::refused(Refusal::NotConfigured);
}

}  // namespace rk::play::detail
