import { count } from 'drizzle-orm';
import { writeTransaction, type Db } from './index';
import { aiFacts } from './schema';

export interface DemoFact {
  factText: string;
  source: string;
  /**
   * The day the fact happened or was published (UTC), as YYYY-MM-DD, or null when only its
   * month or year is known: the dashboard shows a date as a day, so a made-up first of the
   * month would read as a fact.
   */
  factDate: string | null;
}

/**
 * A first set for the home page carousel, so a fresh install shows something true. Each
 * entry is a checkable statement with its primary source; the date is the event's or the
 * publication's day when that day is known.
 */
export const DEMO_FACTS: readonly DemoFact[] = [
  {
    factText:
      'Alan Turing proposed the "imitation game", now known as the Turing test, in his 1950 paper "Computing Machinery and Intelligence".',
    source: 'A. M. Turing, "Computing Machinery and Intelligence", Mind 59(236), 433-460, 1950',
    // Published in Mind's October 1950 issue: no day.
    factDate: null,
  },
  {
    factText:
      'The term "artificial intelligence" was coined in the 1955 proposal for the Dartmouth Summer Research Project on Artificial Intelligence, held in 1956.',
    source:
      'J. McCarthy, M. L. Minsky, N. Rochester, C. E. Shannon, "A Proposal for the Dartmouth Summer Research Project on Artificial Intelligence", 31 August 1955',
    factDate: '1955-08-31',
  },
  {
    factText:
      "Frank Rosenblatt's perceptron, one of the first artificial neural networks that learns from examples, was published in 1958.",
    source:
      'F. Rosenblatt, "The Perceptron: A Probabilistic Model for Information Storage and Organization in the Brain", Psychological Review 65(6), 386-408, 1958',
    // The November 1958 issue: no day.
    factDate: null,
  },
  {
    factText:
      'ELIZA, one of the first chatbots, was written by Joseph Weizenbaum at MIT; its best-known script imitated a psychotherapist.',
    source:
      'J. Weizenbaum, "ELIZA - A Computer Program for the Study of Natural Language Communication Between Man and Machine", Communications of the ACM 9(1), 36-45, January 1966',
    // The January 1966 issue: no day.
    factDate: null,
  },
  {
    factText:
      "IBM's Deep Blue defeated world chess champion Garry Kasparov 3.5 to 2.5 in a six-game match in May 1997, the first time a reigning world champion lost a match to a computer under standard tournament time controls.",
    source:
      'M. Campbell, A. J. Hoane Jr., F. Hsu, "Deep Blue", Artificial Intelligence 134(1-2), 57-83, 2002; IBM History, "Deep Blue"',
    factDate: '1997-05-11',
  },
  {
    factText:
      'AlexNet, a deep convolutional neural network by Alex Krizhevsky, Ilya Sutskever and Geoffrey Hinton, won the ImageNet ILSVRC 2012 challenge with a top-5 error of 15.3%, against 26.2% for the next best entry.',
    source:
      'A. Krizhevsky, I. Sutskever, G. E. Hinton, "ImageNet Classification with Deep Convolutional Neural Networks", Advances in Neural Information Processing Systems 25 (NIPS 2012)',
    // The ILSVRC 2012 results were announced in the autumn of 2012; no one day is the fact's.
    factDate: null,
  },
  {
    factText:
      "DeepMind's AlphaGo beat Lee Sedol, one of the strongest Go players in the world, 4 games to 1 in Seoul in March 2016.",
    source:
      'D. Silver et al., "Mastering the game of Go with deep neural networks and tree search", Nature 529, 484-489, 2016; Google DeepMind, "AlphaGo"',
    factDate: '2016-03-15',
  },
  {
    factText:
      'The Transformer, the architecture behind today\'s large language models, was introduced in the 2017 paper "Attention Is All You Need"; it relies on attention alone, with no recurrence or convolutions.',
    source:
      'A. Vaswani et al., "Attention Is All You Need", Advances in Neural Information Processing Systems 30 (NIPS 2017), arXiv:1706.03762',
    factDate: '2017-06-12',
  },
];

/**
 * Inserts the demo facts when ai_facts is empty and answers how many were inserted. The
 * emptiness check and the inserts share one write transaction, so two processes starting
 * at once cannot both seed. Facts an administrator deleted are never brought back as long
 * as one fact remains.
 */
export function seedDemoFacts(db: Db, now: Date): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const existing = (await tx.select({ n: count() }).from(aiFacts).get())?.n ?? 0;
    if (existing > 0) return 0;
    await tx.insert(aiFacts).values(
      DEMO_FACTS.map((fact, i) => ({
        factText: fact.factText,
        source: fact.source,
        order: i + 1,
        active: true,
        factDate: fact.factDate ? new Date(`${fact.factDate}T00:00:00Z`) : null,
        createdAt: now,
      })),
    );
    return DEMO_FACTS.length;
  });
}
