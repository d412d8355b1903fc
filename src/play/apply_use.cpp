// Placeholder: this op is not implemented yet; every command of it is refused not-configured.
#include "play/apply_ops.hpp"

namespace rk::play::detail {

Outcome apply_use(const Ruleset& ruleset, Character& character, const UseEntry& use) {
  (void)ruleset;
  (void)character;
  (void)use;
  return Outcome::refused(Refusal::NotConfigured);
}

}  // namespace rk::play::detail
