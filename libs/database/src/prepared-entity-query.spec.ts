import { AfterLoad, Column, DataSource, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PreparedEntityQuery } from './prepared-entity-query';

@Entity('pictures')
class Picture {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar' })
  url: string;
}

@Entity('notes')
class Note {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar' })
  title: string;

  @Column({ type: 'datetime', name: 'written_utc' })
  writtenUtc: Date;

  @Column({ type: 'boolean', default: false })
  pinned: boolean;

  @Column({ type: 'varchar', nullable: true, transformer: { from: (v: string | null) => v?.toUpperCase() ?? null, to: (v: unknown) => v } })
  code: string | null;

  @Column({ type: 'integer', name: 'picture_id', nullable: true })
  pictureId: number | null;

  @ManyToOne(() => Picture, { nullable: true })
  @JoinColumn({ name: 'picture_id' })
  picture: Picture | null;
}

@Entity('heard_notes')
class HeardNote {
  @PrimaryGeneratedColumn()
  id: number;

  loaded = false;

  @AfterLoad()
  markLoaded(): void {
    this.loaded = true;
  }
}

describe('PreparedEntityQuery', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Picture, Note, HeardNote], synchronize: true });
    await db.initialize();
    const picture = await db.manager.save(Picture, { url: 'https://example.org/a.png' });
    await db.manager.save(Note, [
      { title: 'With picture', writtenUtc: new Date('2026-05-01T10:00:00Z'), pinned: true, code: 'ab', pictureId: picture.id },
      { title: 'Without', writtenUtc: new Date('2026-05-02T11:30:00Z'), pinned: false, code: null, pictureId: null },
      { title: 'Third', writtenUtc: new Date('2026-05-03T12:00:00Z'), pinned: false, code: 'cd', pictureId: picture.id },
    ]);
    await db.manager.save(HeardNote, [{}, {}]);
  });

  afterAll(() => db.destroy());

  const notesByIds = (manager = db.manager) =>
    manager.createQueryBuilder(Note, 'n').leftJoinAndSelect('n.picture', 'picture').where('n.id IN (:...ids)');

  it('answers what the builder answers, joined relation, dates, booleans and transformers included', async () => {
    const query = new PreparedEntityQuery<Note>((manager) => notesByIds(manager));
    for (const ids of [[1], [2], [1, 2, 3], [3, 99]]) {
      const expected = await notesByIds().setParameters({ ids }).getMany();
      const answered = await query.getMany(db.manager, { ids });
      expect(answered).toStrictEqual(expected);
      expect(answered.every((note) => note instanceof Note)).toBe(true);
    }
    const [withPicture, without] = await query.getMany(db.manager, { ids: [1, 2] });
    expect(withPicture.picture).toBeInstanceOf(Picture);
    expect(withPicture.writtenUtc).toEqual(new Date('2026-05-01T10:00:00Z'));
    expect(withPicture.code).toBe('AB');
    expect(without.picture).toBeNull();
  });

  it('takes new values on every run of the SQL it wrote once', async () => {
    const build = jest.fn((manager: DataSource['manager']) => manager.createQueryBuilder(Note, 'n').where('LOWER(n.title) = :title'));
    const query = new PreparedEntityQuery<Note>(build);
    expect((await query.getOne(db.manager, { title: 'third' }))?.id).toBe(3);
    expect((await query.getOne(db.manager, { title: 'without' }))?.id).toBe(2);
    expect(await query.getOne(db.manager, { title: 'none' })).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs the builder when an entity listens to loads', async () => {
    const query = new PreparedEntityQuery<HeardNote>((manager) => manager.createQueryBuilder(HeardNote, 'h').where('h.id = :id'));
    expect((await query.getOne(db.manager, { id: 2 }))?.loaded).toBe(true);
  });
});
